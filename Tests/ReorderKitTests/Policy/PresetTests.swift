@testable import ReorderKit
import XCTest

/// The presets, with exact bytes: each list and order, the items that
/// travel together (`"//"`, dotted keys, comment and continuation lines),
/// what stays as written (`scripts`, `jest.moduleNameMapper`, `exports`),
/// the rule's overrides, and a second run that changes nothing.
final class PresetTests: XCTestCase {
    func policy(_ text: String) throws -> Policy {
        try Array(text.utf8).withUnsafeBytes { try Policy(reading: $0) }
    }

    /// `preset = NAME` (and `extra` lines) applied to `file` at `path`;
    /// checks that a second run changes nothing.
    func fixed(_ preset: String, _ file: String, path: String, extra: String = "",
               line: UInt = #line) throws -> String {
        let rules = try policy("[[rule]]\npreset = \"\(preset)\"\n" + extra)
        let result = try rules.apply(to: Array(file.utf8), path: path, format: nil)
        let output = result.output ?? Array(file.utf8)
        let again = try rules.apply(to: output, path: path, format: nil)
        XCTAssertNil(again.output, "a second run changed the file", line: line)
        XCTAssertEqual(again.findings.count, 0, line: line)
        return String(decoding: output, as: UTF8.self)
    }

    // MARK: package.json

    func testPackageJSONTopLevelKnownFieldsThenOthersThenPrivate() throws {
        let file = """
        {
          "_private": 1,
          "zeta": true,
          "scripts": {},
          "Beta": 2,
          "version": "1.0.0",
          "//": "the name is the npm one",
          "name": "x",
          "_a": 0,
          "$schema": "s"
        }

        """
        XCTAssertEqual(try fixed("package.json", file, path: "package.json"), """
        {
          "$schema": "s",
          "//": "the name is the npm one",
          "name": "x",
          "version": "1.0.0",
          "scripts": {},
          "Beta": 2,
          "zeta": true,
          "_a": 0,
          "_private": 1
        }

        """)
    }

    func testPackageJSONDependenciesByCodePointWithCommentMembers() throws {
        let file = """
        {"name": "x", "devDependencies": {
          "b": "1",
          "//": ["a is pinned: see #12"],
          "a": "2",
          "B": "3",
          "@types/node": "4"
        }, "engines": {"node": ">=20", "npm": ">=10"}, "overrides": {"z": "1", "c": "1"}}
        """
        XCTAssertEqual(try fixed("package.json", file, path: "package.json"), """
        {"name": "x", "overrides": {"c": "1", "z": "1"}, "devDependencies": {
          "@types/node": "4",
          "B": "3",
          "//": ["a is pinned: see #12"],
          "a": "2",
          "b": "1"
        }, "engines": {"node": ">=20", "npm": ">=10"}}
        """)
    }

    func testPackageJSONScriptsKeptByDefaultSortedOrPrePostOnRequest() throws {
        // sort-package-json's own example (tests/scripts.js), shuffled.
        let scripts = """
        {
          "scripts": {
            "watch": "w",
            "multiply": "m",
            "posttest": "pt",
            "prettier": "p",
            "test": "t",
            "preinstall": "pi",
            "start": "s",
            "prepare": "pa",
            "postprettier": "pp",
            "pre-fetch-info": "pf",
            "pretest": "pt",
            "prewatch": "pw",
            "preprettier": "pp",
            "postinstall": "poi"
          }
        }

        """
        XCTAssertEqual(try fixed("package.json", scripts, path: "package.json"), scripts)
        let sorted = try fixed("package.json", scripts, path: "package.json", extra: "scripts = \"sorted\"\n")
        let names = sorted.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("    \"") else { return nil }
            return String(line.dropFirst(5).prefix { $0 != "\"" })
        }
        XCTAssertEqual(names, ["preinstall", "postinstall", "multiply", "pre-fetch-info", "prepare", "preprettier",
                               "prettier", "postprettier", "start", "pretest", "test", "posttest", "prewatch", "watch"])
        let prePost = try fixed("package.json", scripts, path: "package.json", extra: "scripts = \"pre-post\"\n")
        XCTAssertEqual(prePost, """
        {
          "scripts": {
            "prewatch": "pw",
            "watch": "w",
            "multiply": "m",
            "preprettier": "pp",
            "prettier": "p",
            "postprettier": "pp",
            "pretest": "pt",
            "test": "t",
            "posttest": "pt",
            "preinstall": "pi",
            "start": "s",
            "prepare": "pa",
            "pre-fetch-info": "pf",
            "postinstall": "poi"
          }
        }

        """)
        // `:` groups: the bare name, then its `name:…` scripts, then `name-x`.
        let colons = "{\"scripts\": {\"build-x\": 1, \"build:b\": 2, \"build\": 3, \"a:z\": 4, \"build:a\": 5, \"a\": 6}}"
        XCTAssertEqual(try fixed("package.json", colons, path: "package.json", extra: "scripts = \"sorted\"\n"),
                       "{\"scripts\": {\"a\": 6, \"a:z\": 4, \"build\": 3, \"build:a\": 5, \"build:b\": 2, \"build-x\": 1}}")
    }

    func testPackageJSONOrderMeaningfulMapsAreNeverSorted() throws {
        let file = """
        {
          "jest": {
            "moduleNameMapper": {
              "^@app/(.*)$": "<rootDir>/src/$1",
              "^@app$": "<rootDir>/src",
              "^.+\\\\.css$": "identity-obj-proxy"
            },
            "testEnvironment": "node",
            "bail": true
          },
          "exports": {"./b": "./b.js", ".": {"require": "./x.cjs", "import": "./x.js", "default": "./x.js"}},
          "imports": {"#z": "./z.js", "#a": "./a.js"},
          "browser": {"./z.js": false, "./a.js": false},
          "keywords": ["z", "a", "z"],
          "files": ["lib", "bin"],
          "name": "x"
        }

        """
        let out = try fixed("package.json", file, path: "package.json")
        // Only the top level moved: `name` first, `keywords` and `files` in
        // sort-package-json's places; every map inside is as written.
        XCTAssertEqual(out, """
        {
          "name": "x",
          "keywords": ["z", "a", "z"],
          "imports": {"#z": "./z.js", "#a": "./a.js"},
          "exports": {"./b": "./b.js", ".": {"require": "./x.cjs", "import": "./x.js", "default": "./x.js"}},
          "browser": {"./z.js": false, "./a.js": false},
          "files": ["lib", "bin"],
          "jest": {
            "moduleNameMapper": {
              "^@app/(.*)$": "<rootDir>/src/$1",
              "^@app$": "<rootDir>/src",
              "^.+\\\\.css$": "identity-obj-proxy"
            },
            "testEnvironment": "node",
            "bail": true
          }
        }

        """)
    }

    func testPackageJSONValuesOfAnotherKindAreLeftAlone() throws {
        // sort-package-json leaves anything but a plain object alone: a root
        // array, a `dependencies` that is a string or an array.
        let array = "[\"b\", \"a\"]\n"
        XCTAssertEqual(try fixed("package.json", array, path: "package.json"), array)
        let odd = "{\"dependencies\": \"none\", \"devDependencies\": [\"z\", \"a\"], \"name\": \"x\"}"
        XCTAssertEqual(try fixed("package.json", odd, path: "package.json"),
                       "{\"name\": \"x\", \"dependencies\": \"none\", \"devDependencies\": [\"z\", \"a\"]}")
        // Cargo: `workspace.members` that is a table is no list of members.
        let cargo = "[workspace.members]\nz = 1\na = 2\n"
        XCTAssertEqual(try fixed("Cargo.toml", cargo, path: "Cargo.toml"), cargo)
    }

    // MARK: Cargo.toml

    func testCargoDependencyFormsMoveAsOneItem() throws {
        let file = """
        [package]
        name = "x"

        [dependencies]
        serde = { workspace = true, features = ["derive"] }
        tokio.workspace = true
        tokio.features = ["rt"]
        # anyhow: errors
        anyhow = "1"

        # platform glue
        winapi = "0.3"
        libc = "0.2"

        [dependencies.zstd]
        version = "0.13"

        [dependencies.bzip2]
        version = "0.4"
        optional = true

        [dev-dependencies]
        proptest = "1"
        criterion.workspace = true

        """
        XCTAssertEqual(try fixed("Cargo.toml", file, path: "Cargo.toml"), """
        [package]
        name = "x"

        [dependencies]
        # anyhow: errors
        anyhow = "1"
        serde = { workspace = true, features = ["derive"] }
        tokio.workspace = true
        tokio.features = ["rt"]

        libc = "0.2"
        # platform glue
        winapi = "0.3"

        [dependencies.bzip2]
        version = "0.4"
        optional = true

        [dependencies.zstd]
        version = "0.13"

        [dev-dependencies]
        criterion.workspace = true
        proptest = "1"

        """)
    }

    func testCargoTargetsWorkspaceAndFeatures() throws {
        let file = """
        [workspace]
        members = ["crates/z", "crates/a"]
        exclude = ["fuzz", "bench"]

        [workspace.dependencies]
        z = "1"
        a = "1"

        [features]
        std = ["serde/std", "alloc"]
        alloc = []
        default = ["std"]

        nightly = []

        [target.'cfg(unix)'.dependencies]
        nix = "0.29"
        libc = "0.2"

        [target.'cfg(windows)'.dependencies.windows-sys]
        version = "0.59"

        [target.'cfg(windows)'.dependencies.winapi]
        version = "0.3"

        """
        XCTAssertEqual(try fixed("Cargo.toml", file, path: "crates/x/Cargo.toml"), """
        [workspace]
        members = ["crates/a", "crates/z"]
        exclude = ["bench", "fuzz"]

        [workspace.dependencies]
        a = "1"
        z = "1"

        [features]
        default = ["std"]
        alloc = []
        std = ["serde/std", "alloc"]

        nightly = []

        [target.'cfg(unix)'.dependencies]
        libc = "0.2"
        nix = "0.29"

        [target.'cfg(windows)'.dependencies.winapi]
        version = "0.3"

        [target.'cfg(windows)'.dependencies.windows-sys]
        version = "0.59"

        """)
    }

    /// cargo-sort leaves each feature's array as written (nushell's
    /// `os = [...]` has blank-line groups under comment headings); a rule
    /// may ask for an order.
    func testCargoFeatureArraysAsWrittenUnlessARuleAsks() throws {
        let file = "[features]\nos = [\n  # include other features\n  \"js\",\n  \"nu-engine/os\",\n  \"dep:fff\",\n\n  # os-dependant\n  \"crossterm\",\n  \"open\",\n]\n"
        XCTAssertEqual(try fixed("Cargo.toml", file, path: "Cargo.toml"), file)
        XCTAssertEqual(try fixed("Cargo.toml", "[features]\nstd = [\"serde/std\", \"alloc\"]\n", path: "Cargo.toml",
                                 extra: "list = \"/features/*\"\norder = \"sorted\"\n"),
                       "[features]\nstd = [\"alloc\", \"serde/std\"]\n")
    }

    // MARK: pyproject.toml

    /// sphinx's pyproject.toml: the `urls.*` lines of one key went where a
    /// blank line between positions fell between two of them.
    func testPyprojectDottedKeyLinesStayTogetherWithNoBlankInside() throws {
        let file = "[project]\nname = \"x\"\nurls.b = \"1\"\nurls.a = \"2\"\nlicense = \"MIT\"\n"
            + "requires-python = \">=3\"\n\ndynamic = [\"version\"]\n"
        XCTAssertEqual(try fixed("pyproject.toml", file, path: "pyproject.toml"),
                       "[project]\nname = \"x\"\nlicense = \"MIT\"\nrequires-python = \">=3\"\ndynamic = [\"version\"]\n"
                        + "\nurls.b = \"1\"\nurls.a = \"2\"\n")
    }

    func testPyprojectRequirementsByNormalizedName() throws {
        let file = """
        [build-system]
        requires = ["setuptools>=61", "Cython", "wheel"]

        [project]
        dependencies = [
          "zope.interface>=5",
          # typing: backports
          "Typing_Extensions>=4; python_version < '3.11'",
          "requests[socks]>=2",
          "typing-inspect",
          "Zope-Deprecation",
        ]
        requires-python = ">=3.9"
        name = "x"
        classifiers = [
          "Programming Language :: Python :: 3.10",
          "Programming Language :: Python :: 3.9",
          "License :: OSI Approved :: MIT License",
        ]

        [project.optional-dependencies]
        test = ["pytest-cov", "pytest"]

        [dependency-groups]
        dev = ["ruff", {include-group = "test"}, "black", {include-group = "lint"}]

        [tool.z]
        b = 1
        a = 2

        """
        XCTAssertEqual(try fixed("pyproject.toml", file, path: "pyproject.toml"), """
        [build-system]
        requires = ["Cython", "setuptools>=61", "wheel"]

        [project]
        name = "x"
        requires-python = ">=3.9"
        classifiers = [
          "License :: OSI Approved :: MIT License",
          "Programming Language :: Python :: 3.9",
          "Programming Language :: Python :: 3.10",
        ]
        dependencies = [
          "requests[socks]>=2",
          # typing: backports
          "Typing_Extensions>=4; python_version < '3.11'",
          "typing-inspect",
          "Zope-Deprecation",
          "zope.interface>=5",
        ]

        [project.optional-dependencies]
        test = ["pytest", "pytest-cov"]

        [dependency-groups]
        dev = [{include-group = "test"}, {include-group = "lint"}, "black", "ruff"]

        [tool.z]
        b = 1
        a = 2

        """)
    }

    func testTiesOfOneNameAsPyprojectFmtOrdersThem() {
        func key(_ text: String) -> String { String(decoding: PresetOrders.tieKey(PresetOrders.afterName(Array(text.utf8))), as: UTF8.self) }
        XCTAssertEqual(key("httpx[socks, brotli] >= 0.27 ; python_version >= \"3.12\""), "[brotli,socks]>=0.27;python_version>='3.12'")
        XCTAssertLessThan(key("httpx[socks,brotli]>=0.27"), key("httpx[cli]>=0.27"))
        XCTAssertEqual(key("Django"), "")
    }

    func testPEP503Names() {
        let cases = [("Foo_Bar[x]>=1", "foo-bar"), ("zope.interface", "zope-interface"), ("  a--_.b ; x", "a-b"),
                     ("Django @ https://x", "django"), ("", "")]
        for (requirement, name) in cases {
            XCTAssertEqual(String(decoding: PresetOrders.projectName(Array(requirement.utf8)), as: UTF8.self), name, requirement)
        }
    }

    // MARK: requirements

    func testRequirementsCommentsContinuationsOptionsAndGroups() throws {
        let file = """
        # Pinned for production.

        --index-url https://pypi.example/simple
        requests==2.31
        -r base.txt
        # Django: LTS only
        Django>=4.2,<5
        attrs==23.1 \\
            --hash=sha256:abc
        git+https://example/x.git#egg=Zeta

        pytest==8
        black==24
        # left at the end

        """
        XCTAssertEqual(try fixed("requirements", file, path: "requirements-dev.txt"), """
        # Pinned for production.

        --index-url https://pypi.example/simple
        -r base.txt
        attrs==23.1 \\
            --hash=sha256:abc
        # Django: LTS only
        Django>=4.2,<5
        requests==2.31
        git+https://example/x.git#egg=Zeta

        black==24
        pytest==8
        # left at the end

        """)
    }

    func testRequirementNames() {
        let cases: [(String, String?)] = [("Django>=4.2", "django"), ("a[x]==1 ; python_version<'3'", "a[x]"),
                                          ("git+https://h/x.git#egg=Foo", "foo"), ("  # c", nil), ("pkg===1", "pkg"),
                                          ("b~=1", "b"), ("c!=2", "c"), ("d<3", "d")]
        for (line, name) in cases {
            XCTAssertEqual(PresetOrders.requirementName(ArraySlice(line.utf8)).map { String(decoding: $0, as: UTF8.self) }, name, line)
        }
    }

    func testOptionLinesAreOptionsButEditables() {
        for (line, isOption) in [("-r base.txt", true), ("--index-url https://x", true), ("-c c.txt", true),
                                 ("  --extra-index-url=https://y", true), ("-e .", false), ("-e.", false),
                                 ("--editable ./x", false), ("--editable=./x", false), ("requests", false)] {
            XCTAssertEqual(PresetOrders.isOption(ArraySlice(line.utf8)), isOption, line)
        }
    }

    // MARK: the rule

    func testRuleOverridesSkipsAndDefaultFiles() throws {
        let file = "{\"version\": \"1\", \"name\": \"x\", \"scripts\": {\"b\": 1, \"a\": 2}, \"dependencies\": {\"z\": 1, \"a\": 1}}"
        // Without files: every package.json.
        XCTAssertEqual(try fixed("package.json", file, path: "web/package.json"),
                       "{\"name\": \"x\", \"version\": \"1\", \"scripts\": {\"b\": 1, \"a\": 2}, \"dependencies\": {\"a\": 1, \"z\": 1}}")
        XCTAssertEqual(try fixed("package.json", file, path: "web/package.json", extra: "skip = [\"/dependencies\", \"\"]\n"), file)
        XCTAssertEqual(try fixed("package.json", file, path: "web/package.json",
                                 extra: "list = \"/scripts\"\norder = \"sorted\"\nskip = [\"\"]\n"),
                       "{\"version\": \"1\", \"name\": \"x\", \"scripts\": {\"a\": 2, \"b\": 1}, \"dependencies\": {\"a\": 1, \"z\": 1}}")
        // Without list, `first` is for the main list (the top level).
        XCTAssertEqual(try fixed("package.json", file, path: "package.json", extra: "first = [\"dependencies\"]\n"),
                       "{\"dependencies\": {\"a\": 1, \"z\": 1}, \"name\": \"x\", \"version\": \"1\", \"scripts\": {\"b\": 1, \"a\": 2}}")
        // `files` narrows it.
        let narrowed = try policy("[[rule]]\npreset = \"package.json\"\nfiles = [\"app/package.json\"]\n")
        XCTAssertNil(try narrowed.apply(to: Array(file.utf8), path: "web/package.json", format: nil).output)
    }

    func testRuleErrors() throws {
        func kind(_ text: String) -> PolicyError.Kind? {
            do {
                _ = try policy(text)
                return nil
            } catch let error as PolicyError {
                return error.kind
            } catch {
                return nil
            }
        }
        XCTAssertEqual(kind("[[rule]]\npreset = \"cargo\"\n"),
                       .unknownValue(key: "preset", value: "cargo", expected: Preset.all.map(\.name), suggestion: "Cargo.toml"))
        XCTAssertEqual(kind("[[rule]]\npreset = \"pyproject\"\n").flatMap { if case .unknownValue(_, _, _, let s) = $0 { s } else { nil } },
                       "pyproject.toml")
        XCTAssertEqual(kind("[[rule]]\npreset = \"package.json\"\nskip = [\"/scrips\"]\n").flatMap {
            if case .unknownValue(let key, _, _, let s) = $0 { key + " " + (s ?? "") } else { nil } }, "skip /scripts")
        XCTAssertEqual(kind("[[rule]]\npreset = \"package.json\"\nunique = true\n"), .notWithPreset(key: "unique", rule: 1))
        XCTAssertEqual(kind("[[rule]]\npreset = \"Cargo.toml\"\norder = \"kept\"\n"), .presetNeedsList(rule: 1, preset: "Cargo.toml"))
        XCTAssertEqual(kind("[[rule]]\npreset = \"Cargo.toml\"\nscripts = \"sorted\"\n"), .scriptsWithoutPreset(rule: 1))
        XCTAssertEqual(kind("[[rule]]\nfiles = [\"x\"]\nlist = \"\"\nscripts = \"sorted\"\n"), .scriptsWithoutPreset(rule: 1))
        XCTAssertEqual(kind("[[rule]]\npreset = \"package.json\"\nscripts = \"sort\"\n"),
                       .unknownValue(key: "scripts", value: "sort", expected: ["kept", "sorted", "pre-post"], suggestion: "sorted"))
        XCTAssertNil(kind("[[rule]]\npreset = \"Cargo.toml\"\nlist = \"/features\"\norder = \"kept\"\n"))
    }

    /// `reorder help presets` and the man page are made from these: every
    /// list says its order, and every preset has files and a format.
    func testEveryPresetDescribesItsLists() {
        XCTAssertEqual(Preset.all.map(\.name), ["package.json", "Cargo.toml", "pyproject.toml", "requirements"])
        XCTAssertEqual(Preset.packageJSONFields.count, 110)
        XCTAssertEqual(Set(Preset.packageJSONFields).count, 110)
        for preset in Preset.all {
            XCTAssertFalse(preset.files.isEmpty)
            for list in preset.lists { XCTAssertFalse(list.says.isEmpty, preset.name + " " + list.list) }
        }
    }

    /// A preset names no format: its files are read as the format their
    /// name claims, the one `--format auto` reads them as, and every
    /// pattern of its files is claimed by that format.
    func testAPresetsFormatIsTheOneItsFilesNamesClaim() {
        XCTAssertEqual(Preset.all.map(\.format.name), ["json", "toml", "toml", "lines"])
        for preset in Preset.all {
            for pattern in preset.files {
                XCTAssertEqual(ListFormat.claiming(pattern) ?? .plain, preset.format, preset.name + " " + pattern)
            }
        }
    }

    /// A preset's list may keep comment-headed groups (`grouping.comments`):
    /// read with comment headings, its units sort beneath each heading.
    /// Needs the TOML reader's comment headings.
    func testAPresetListMayKeepCommentHeadedGroups() throws {
        var policy = Policy()
        policy.markers = false
        policy.rules = Preset.pyproject.rules(number: 1, offset: 0, files: []).map { rule in
            var rule = rule
            if rule.lists == [.pointer(try! PointerPattern("/project/dependencies"))] { rule.grouping.comments = true }
            return rule
        }
        let file = "[project]\nname = \"x\"\ndependencies = [\n  # web\n  \"Requests>=2\",\n  \"flask\",\n  # storage\n  \"SQLAlchemy\",\n  \"alembic\",\n]\n"
        let result = try policy.apply(to: Array(file.utf8), path: "pyproject.toml", format: nil)
        XCTAssertEqual(result.output.map { String(decoding: $0, as: UTF8.self) },
                       "[project]\nname = \"x\"\ndependencies = [\n  # web\n  \"flask\",\n  \"Requests>=2\",\n  # storage\n  \"alembic\",\n  \"SQLAlchemy\",\n]\n")
    }
}
