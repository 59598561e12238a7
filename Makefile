# Build, test and install reorder.
#
#   make                          build the release binary
#   make test                     install what the tests need, run them all
#   make install PREFIX=~/.local  install the binary, man page and completions
#   make uninstall PREFIX=~/.local
#
# DESTDIR is prepended to every installed path (for packaging). BINARY=path
# installs an already built binary instead of building one.

PREFIX ?= /usr/local
DESTDIR ?=
SWIFT ?= swift
SWIFT_BUILD_FLAGS ?= -c release --static-swift-stdlib -Xswiftc -static-executable
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

.PHONY: all build test install uninstall clean

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

uninstall:
	rm -f $(foreach path,$(INSTALLED),'$(path)')

clean:
	$(SWIFT) package clean
