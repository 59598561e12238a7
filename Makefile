# Build, test and install reorder.
#
#   make                          build the release binary
#   make test                     install what the tests need, run them all
#   make install PREFIX=~/.local  install the binary, man page and completions
#   make uninstall PREFIX=~/.local
#   make completions              write completions/ again from the command table
#                                 (reorder completions bash|zsh|fish, a debug build)
#   make fuzz-build               build the fuzz targets in Fuzz/ (libFuzzer, ASan)
#   make fuzz FUZZ_SECONDS=60     run each from its corpus; fails on a crash
#   make test-asan / test-tsan    the tests under AddressSanitizer / ThreadSanitizer
#   make fuzz-formats FUZZ_CASES=20000 FUZZ_SEED=1
#                                 the differential fuzzer of the YAML, TOML and JSONC
#                                 readers (Tests/fuzz-formats); fails on a new finding
#   make dist                     dist/reorder-VERSION-TARGET.tar.gz and its .sha256
#                                 (TARGET: x86_64-linux here; see TARGET below)
#   make deb                      dist/reorder_VERSION_amd64.deb (dpkg-deb, no debhelper;
#                                 arm64 for aarch64-linux; Linux targets only)
#   make wheel                    dist/reorder-VERSION-py3-none-PLATFORM.whl, PLATFORM
#                                 the target's tags (manylinux_2_17_x86_64.manylinux2014_x86_64 here)
#   make test-dist                build all three, then check them as a user would
#                                 (Tests/packaging/check.sh; installs the .deb: root)
#   make -s version / target      the version (CommandTable.swift) and TARGET
#   make vsix                     dist/reorder-VERSION.vsix, the VS Code extension
#                                 (editors/vscode; no vsce, no npm)
#
# DESTDIR is prepended to every installed path (for packaging). BINARY=path
# installs an already built binary instead of building one.
#
# VERSION is read from Sources/ReorderCLI/CommandLine/CommandTable.swift, where the binary
# gets it: it is written nowhere else. dist, deb and wheel lay out their files
# with `make install DESTDIR=…`, so all three ship what make install installs,
# with one binary: the release build, stripped (dist/stage/reorder). The
# archives' times are SOURCE_DATE_EPOCH (default: the last commit's time).

PREFIX ?= /usr/local
DESTDIR ?=
SWIFT ?= swift
# The target the packages are for: ARCH-OS, x86_64-linux, aarch64-linux,
# aarch64-macos or x86_64-macos; by default this machine's. It names the
# archive and picks the .deb's architecture and the wheel's platform tags
# (packaging/wheel.py); it does not cross-compile: SWIFT_BUILD_FLAGS (or
# BINARY) makes the binary, which must be for TARGET
# (.github/workflows/release.yml builds each target on its own runner).
HOST_OS := $(shell uname -s)
HOST_ARCH := $(subst arm64,aarch64,$(shell uname -m))
TARGET ?= $(HOST_ARCH)-$(if $(filter Darwin,$(HOST_OS)),macos,linux)
# A static executable on Linux; on macOS the Swift runtime is the system's.
ifeq ($(HOST_OS),Darwin)
SWIFT_BUILD_FLAGS ?= -c release
else
SWIFT_BUILD_FLAGS ?= -c release --static-swift-stdlib -Xswiftc -static-executable
endif
INSTALL ?= install

BINDIR ?= $(PREFIX)/bin
DATADIR ?= $(PREFIX)/share
MAN1DIR ?= $(DATADIR)/man/man1
BASH_COMPLETION_DIR ?= $(DATADIR)/bash-completion/completions
ZSH_COMPLETION_DIR ?= $(DATADIR)/zsh/site-functions
FISH_COMPLETION_DIR ?= $(DATADIR)/fish/vendor_completions.d

ifdef BINARY
INSTALL_PREREQUISITES =
else
BINARY = $(shell $(SWIFT) build $(SWIFT_BUILD_FLAGS) --show-bin-path)/reorder
INSTALL_PREREQUISITES = build
endif

INSTALLED = \
	$(DESTDIR)$(BINDIR)/reorder \
	$(DESTDIR)$(MAN1DIR)/reorder.1 \
	$(DESTDIR)$(BASH_COMPLETION_DIR)/reorder \
	$(DESTDIR)$(ZSH_COMPLETION_DIR)/_reorder \
	$(DESTDIR)$(FISH_COMPLETION_DIR)/reorder.fish

.PHONY: all build test install uninstall clean fuzz-build fuzz fuzz-formats test-asan test-tsan dist deb wheel test-dist version target vsix completions

VERSION := $(shell sed -n 's/.*static let version = "\(.*\)"/\1/p' Sources/ReorderCLI/CommandLine/CommandTable.swift)

all: build

build:
	$(SWIFT) build $(SWIFT_BUILD_FLAGS)

test:
	bash Tests/test.sh

install: $(INSTALL_PREREQUISITES)
	$(INSTALL) -d '$(DESTDIR)$(BINDIR)' '$(DESTDIR)$(MAN1DIR)' '$(DESTDIR)$(BASH_COMPLETION_DIR)' \
		'$(DESTDIR)$(ZSH_COMPLETION_DIR)' '$(DESTDIR)$(FISH_COMPLETION_DIR)'
	$(INSTALL) -m 755 '$(BINARY)' '$(DESTDIR)$(BINDIR)/reorder'
	$(INSTALL) -m 644 man/reorder.1 '$(DESTDIR)$(MAN1DIR)/reorder.1'
	$(INSTALL) -m 644 completions/reorder.bash '$(DESTDIR)$(BASH_COMPLETION_DIR)/reorder'
	$(INSTALL) -m 644 completions/_reorder '$(DESTDIR)$(ZSH_COMPLETION_DIR)/_reorder'
	$(INSTALL) -m 644 completions/reorder.fish '$(DESTDIR)$(FISH_COMPLETION_DIR)/reorder.fish'

# The completion scripts are generated from the command table and kept in
# completions/, so that installing needs no build; CompletionScriptTests
# fails when they are not what the table generates.
completions:
	$(SWIFT) build --product reorder
	for shell in bash zsh fish; do \
		case $$shell in bash) file=reorder.bash ;; zsh) file=_reorder ;; fish) file=reorder.fish ;; esac; \
		"$$($(SWIFT) build --show-bin-path)/reorder" completions $$shell > completions/$$file.tmp && \
		mv completions/$$file.tmp completions/$$file || exit 1; \
	done

uninstall:
	rm -f $(foreach path,$(INSTALLED),'$(path)')

# Prebuilt packages, for machines without a Swift toolchain (packaging/
# says how each is made). Each stages its files with make install.
DIST ?= dist
STAGE = $(DIST)/stage
STRIP ?= strip
# GNU strip drops the sections no program reads; Apple's strip, the
# debugging and local symbols.
ifeq ($(HOST_OS),Darwin)
STRIP_FLAGS ?= -S -x
else
STRIP_FLAGS ?= --remove-section=.comment --remove-section=.note
endif
ifndef SOURCE_DATE_EPOCH
SOURCE_DATE_EPOCH := $(shell git log -1 --format=%ct 2>/dev/null || date +%s)
endif
export SOURCE_DATE_EPOCH
ARCHIVE = reorder-$(VERSION)-$(TARGET)
DEB_ARCH = $(if $(filter x86_64-linux,$(TARGET)),amd64,$(if $(filter aarch64-linux,$(TARGET)),arm64))
DEB = $(DIST)/reorder_$(VERSION)_$(DEB_ARCH).deb
DEB_MAINTAINER ?= The reorder authors <reorder@example.org>
STAGE_INSTALL = $(MAKE) --no-print-directory install BINARY='$(abspath $(STAGE))/reorder'

# The binary all three ship: the release build without its symbol table and
# debug information (as dh_strip strips a Debian package's programs). Made
# again on every run, from whichever BINARY is given.
.PHONY: $(STAGE)/reorder
$(STAGE)/reorder: $(INSTALL_PREREQUISITES)
	@test -n '$(VERSION)' || { echo 'make: no version in Sources/ReorderCLI/CommandLine/CommandTable.swift' >&2; exit 1; }
	@mkdir -p $(STAGE)
	$(STRIP) $(STRIP_FLAGS) -o '$@' '$(BINARY)'
	chmod 755 '$@'

# A prefix in a folder: bin/, share/, and share/doc/reorder/ with the README,
# LICENSE and CHANGELOG, and the README's pages in docs/ (its links work
# there); tar -xzf … --strip-components=1 -C ~/.local installs it.
dist: $(STAGE)/reorder
	rm -rf '$(STAGE)/archive'
	$(STAGE_INSTALL) DESTDIR='$(abspath $(STAGE))/archive/$(ARCHIVE)' PREFIX=
	$(INSTALL) -d '$(STAGE)/archive/$(ARCHIVE)/share/doc/reorder'
	$(INSTALL) -m 644 README.md LICENSE CHANGELOG.md '$(STAGE)/archive/$(ARCHIVE)/share/doc/reorder/'
	$(INSTALL) -d '$(STAGE)/archive/$(ARCHIVE)/share/doc/reorder/docs'
	$(INSTALL) -m 644 docs/*.md '$(STAGE)/archive/$(ARCHIVE)/share/doc/reorder/docs/'
	sh packaging/archive.sh '$(STAGE)/archive' '$(ARCHIVE)' '$(DIST)'

# /usr, with the zsh completion where Debian's zsh looks; packaging/deb.sh
# adds the documentation, the control file, and builds it with dpkg-deb.
deb: $(STAGE)/reorder
	@test -n '$(DEB_ARCH)' || { echo 'make deb: TARGET $(TARGET) is not a Linux target (x86_64-linux, aarch64-linux)' >&2; exit 1; }
	rm -rf '$(STAGE)/deb'
	$(STAGE_INSTALL) DESTDIR='$(abspath $(STAGE))/deb' PREFIX=/usr ZSH_COMPLETION_DIR=/usr/share/zsh/vendor-completions
	sh packaging/deb.sh '$(STAGE)/deb' '$(VERSION)' '$(DEB_MAINTAINER)' '$(DEB)' '$(DEB_ARCH)'

# The binary as the wheel's script (pip copies it as it is), the rest as its
# data, which pip installs under the environment's prefix.
wheel: $(STAGE)/reorder
	rm -rf '$(STAGE)/wheel'
	$(STAGE_INSTALL) DESTDIR='$(abspath $(STAGE))/wheel' PREFIX=
	python3 packaging/wheel.py '$(STAGE)/wheel' '$(VERSION)' '$(DIST)' '$(TARGET)'

test-dist:
	bash Tests/packaging/check.sh

# The VS Code extension (editors/vscode/README.md is its page): a zip made
# by editors/vscode/package.py, which checks that package.json's version
# is VERSION.
vsix:
	python3 editors/vscode/package.py '$(VERSION)' '$(DIST)'

# The version as the Makefile reads it (make -s version), and the target
# (make -s target).
version:
	@echo '$(VERSION)'

target:
	@echo '$(TARGET)'

clean:
	$(SWIFT) package clean
	rm -rf '$(DIST)'

# Fuzz targets (Fuzz/*.swift, one per target), with libFuzzer and
# AddressSanitizer (swiftc -sanitize=fuzzer,address). ReorderKit is compiled
# for them once, with -enable-testing so that the targets see its internal
# API (@testable import); each target is Fuzz/Support.swift and its own
# file. The C SIMD reader is compiled with the clang beside swiftc (whose
# runtime it must share), instrumented for coverage and ASan, and with
# 64-byte chunks (REORDER_SIMD_CHUNK) so that its two-thread path runs on
# small inputs. Linked with the toolchain's lld (gold warns about every
# ASan symbol). Not a SwiftPM target: the normal build never sees Fuzz/.
FUZZ_TARGETS = json lines batch
FUZZ_BUILD ?= .build/fuzz
FUZZ_SECONDS ?= 60
FUZZ_SIMD_CHUNK ?= 64
SWIFTC ?= swiftc
FUZZ_CC ?= $(dir $(realpath $(shell command -v $(SWIFTC))))clang
FUZZ_SWIFTFLAGS ?= -O -g
FUZZ_SWIFTC = $(SWIFTC) -sanitize=fuzzer,address -parse-as-library -swift-version 6 $(FUZZ_SWIFTFLAGS) \
	-I $(FUZZ_BUILD)/modules -module-cache-path $(FUZZ_BUILD)/module-cache
KIT_SOURCES := $(sort $(shell find Sources/ReorderKit -name '*.swift'))
SIMD_HEADER = Sources/ReorderKitSIMD/include/ReorderKitSIMD.h

fuzz-build: $(FUZZ_TARGETS:%=$(FUZZ_BUILD)/fuzz-%)

$(FUZZ_BUILD)/JSONRootArray.o: Sources/ReorderKitSIMD/JSONRootArray.c $(SIMD_HEADER)
	@mkdir -p $(@D)
	$(FUZZ_CC) -c -O2 -g -fsanitize=fuzzer-no-link,address -DREORDER_SIMD_CHUNK=$(FUZZ_SIMD_CHUNK) \
		-I Sources/ReorderKitSIMD/include $< -o $@

# SwiftPM makes this module map for `import ReorderKitSIMD`; here, by hand.
$(FUZZ_BUILD)/modules/module.modulemap: $(SIMD_HEADER)
	@mkdir -p $(@D)
	printf 'module ReorderKitSIMD {\n    header "%s"\n    export *\n}\n' '$(CURDIR)/$(SIMD_HEADER)' > $@

$(FUZZ_BUILD)/ReorderKit.o: $(KIT_SOURCES) $(FUZZ_BUILD)/modules/module.modulemap
	@echo "$(SWIFTC) -sanitize=fuzzer,address -enable-testing … Sources/ReorderKit -o $@"
	@$(FUZZ_SWIFTC) -enable-testing -whole-module-optimization -module-name ReorderKit \
		-emit-module -emit-module-path $(FUZZ_BUILD)/modules/ReorderKit.swiftmodule -c $(KIT_SOURCES) -o $@

$(FUZZ_BUILD)/fuzz-%: Fuzz/%.swift Fuzz/Support.swift $(FUZZ_BUILD)/ReorderKit.o $(FUZZ_BUILD)/JSONRootArray.o
	$(FUZZ_SWIFTC) -use-ld=lld -module-name ReorderFuzz Fuzz/Support.swift $< \
		$(FUZZ_BUILD)/ReorderKit.o $(FUZZ_BUILD)/JSONRootArray.o -o $@

# Each target from a copy of its corpus for FUZZ_SECONDS, FUZZ_JOBS at a
# time (libFuzzer runs on one core: the cores, unless set); all run, and the
# goal fails if any crashed (its input is kept under $(FUZZ_BUILD)/artifacts).
FUZZ_JOBS ?= $(shell nproc 2>/dev/null || echo 1)
fuzz: fuzz-build
	@$(MAKE) --no-print-directory -k -j$(FUZZ_JOBS) $(FUZZ_TARGETS:%=fuzz-run-%)

fuzz-run-%:
	@Fuzz/run.sh $* $(FUZZ_SECONDS) $(FUZZ_BUILD)

# The structure-aware differential fuzzer of the YAML, TOML and JSONC readers
# (Tests/fuzz-formats/fuzz.py), on the release build, with the Python that
# make test sets up in .build/test-tools (PyYAML, ruamel.yaml). Findings of
# the classes in its KNOWN table are reported without failing (add
# --allow-accepted-invalid to FUZZ_FORMATS_FLAGS to tolerate YAML's
# accepted invalid streams too); each finding's
# reduced reproduction is kept under $(FUZZ_BUILD)/formats.
FUZZ_CASES ?= 20000
FUZZ_SEED ?= 1
FUZZ_FORMATS_FLAGS ?= --quiet
FUZZ_PYTHON ?= $(if $(wildcard .build/test-tools/bin/python3),.build/test-tools/bin/python3,python3)
fuzz-formats: $(INSTALL_PREREQUISITES)
	$(FUZZ_PYTHON) Tests/fuzz-formats/fuzz.py --reorder '$(BINARY)' --seed $(FUZZ_SEED) --cases $(FUZZ_CASES) \
		--keep $(FUZZ_BUILD)/formats $(FUZZ_FORMATS_FLAGS)

# The tests under the sanitizers, each in its own build directory so that
# neither rebuilds the normal one. Tests/sanitizers/lsan.supp says why each
# leak report it silences is not a leak of this program.
# ASAN_SKIP: what runs none of reorder's code, or none that the other tests
# do not run: the pre-commit tests (a minute of pre-commit's own Python, and
# a release build of its own), the release workflow's harness (packaging,
# with the binary run for its version), and the structure tests, which read
# the sources (a minute under ASan). ASAN_SKIP= runs them too.
ASAN_SKIP ?= PreCommitTests|ReleaseWorkflowTests|SeamTests|StructureTests
test-asan:
	LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/sanitizers/lsan.supp:print_suppressions=0 \
		$(SWIFT) test --sanitize=address --scratch-path .build/asan $(if $(ASAN_SKIP),--skip '$(ASAN_SKIP)')

# ThreadSanitizer on the tests of the code that runs threads: the SIMD JSON
# reader's two threads, a batch's list read while its script is planned (the
# thread diff's NEW is read on too), diff's keys numbered on two threads, a
# large list of lines read, sorted and written on two, and a large YAML file
# validated beside its read and its keys read on two (TSAN_FILTER= runs them
# all, about 4 minutes more).
TSAN_FILTER ?= KeyNumbersTests|JSONFastReaderTests|JSONDifferentialTests|BatchTests|BatchJSONTests|BatchLargeTests|PreparedBatchTests|JSONFileTests|PolicyEndToEndTests|StringSortTests|RendererTests|LinesTwoThreadReadTests|YAMLValidationTests
test-tsan:
	$(SWIFT) test --sanitize=thread --scratch-path .build/tsan $(if $(TSAN_FILTER),--filter '$(TSAN_FILTER)')
