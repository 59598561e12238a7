import ReorderKit
import XCTest

/// TOML lists on real-world shaped files: the exact bytes of every result.
final class TOMLLayoutTests: XCTestCase {
    func apply(_ edit: Edit, _ text: String, pointer: String = "", key: String? = nil,
               asString: Bool = false) throws -> String {
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBytes { source in
            let document = try ListDocument(source, format: .toml, options: ReadOptions(pointer: pointer))
            let arrangement = try document.arrangement(for: edit, options: EditOptions(valuesAreStrings: asString, key: key))
            return String(decoding: document.render(arrangement), as: UTF8.self)
        }
    }

    func move(_ from: Int, _ to: Int) -> Edit { .move(from: .index(UserIndex(from)), to: UserIndex(to)) }
    func swap(_ a: Int, _ b: Int) -> Edit { .swap(.index(UserIndex(a)), .index(UserIndex(b))) }
    func insert(_ at: Int, _ value: String) -> Edit { .insert(at: UserIndex(at), value: Array(value.utf8)) }
    func delete(_ at: Int) -> Edit { .delete(.index(UserIndex(at))) }
    func deleteSelected(_ text: String) throws -> Edit { .delete(try SourceSelector(parsing: text)) }
    func sort(_ options: SortOptions = SortOptions()) -> Edit { .sort(options) }
    var reverse: Edit { .reverse }

    func error(_ body: () throws -> Any) -> FormatError? {
        do { _ = try body(); return nil } catch { return error as? FormatError }
    }

    let pyproject = """
        [build-system]
        requires = ["hatchling"]
        build-backend = "hatchling.build"

        [project]
        name = "demo"
        version = "0.1.0"
        dependencies = [
            "requests>=2.31",
            # HTTP/2 client
            "httpx[http2]>=0.27",
            'attrs',  # literal string
            "click",
        ]

        [project.optional-dependencies]
        docs = ["sphinx", "furo"]
        dev = ["pytest>=8", "mypy"]

        [dependency-groups]
        test = [
          "pytest",
          "coverage[toml]",
        ]
        lint = ["ruff"]

        [tool.ruff.lint]
        select = [
          "E",  # pycodestyle
          "F",  # pyflakes
          "UP", # pyupgrade

          # bugbear, opinionated
          "B",
        ]
        ignore = ["E501"]

        """

    let cargo = """
        [workspace]
        members = [
            "crates/core",
            "crates/cli",
            "crates/app", # the binary
        ]

        [package]
        name = "app"
        version = "0.1.0"
        edition = "2021"

        [dependencies]
        serde = { version = "1.0", features = ["derive"] }
        anyhow = "1"
        # async runtime
        tokio = { version = "1", features = ["full"] }
        "clap" = "4"

        [[bin]]
        name = "zeta"
        path = "src/zeta.rs"

        # the main tool
        [[bin]]
        name = "alpha"
        path = "src/main.rs"

        [profile.release]
        lto = true

        """

    func testPyproject() throws {
        // reorder sort -p /project/dependencies
        XCTAssertEqual(try apply(sort(), pyproject, pointer: "/project/dependencies"), """
            [build-system]
            requires = ["hatchling"]
            build-backend = "hatchling.build"

            [project]
            name = "demo"
            version = "0.1.0"
            dependencies = [
                'attrs',  # literal string
                "click",
                # HTTP/2 client
                "httpx[http2]>=0.27",
                "requests>=2.31",
            ]

            [project.optional-dependencies]
            docs = ["sphinx", "furo"]
            dev = ["pytest>=8", "mypy"]

            [dependency-groups]
            test = [
              "pytest",
              "coverage[toml]",
            ]
            lint = ["ruff"]

            [tool.ruff.lint]
            select = [
              "E",  # pycodestyle
              "F",  # pyflakes
              "UP", # pyupgrade

              # bugbear, opinionated
              "B",
            ]
            ignore = ["E501"]

            """)
        // reorder move 0 -1 -p /project/dependencies
        XCTAssertEqual(try apply(move(0, -1), pyproject, pointer: "/project/dependencies"), """
            [build-system]
            requires = ["hatchling"]
            build-backend = "hatchling.build"

            [project]
            name = "demo"
            version = "0.1.0"
            dependencies = [
                # HTTP/2 client
                "httpx[http2]>=0.27",
                'attrs',  # literal string
                "click",
                "requests>=2.31",
            ]

            [project.optional-dependencies]
            docs = ["sphinx", "furo"]
            dev = ["pytest>=8", "mypy"]

            [dependency-groups]
            test = [
              "pytest",
              "coverage[toml]",
            ]
            lint = ["ruff"]

            [tool.ruff.lint]
            select = [
              "E",  # pycodestyle
              "F",  # pyflakes
              "UP", # pyupgrade

              # bugbear, opinionated
              "B",
            ]
            ignore = ["E501"]

            """)
        // reorder sort -p /tool/ruff/lint/select
        XCTAssertEqual(try apply(sort(), pyproject, pointer: "/tool/ruff/lint/select"), """
            [build-system]
            requires = ["hatchling"]
            build-backend = "hatchling.build"

            [project]
            name = "demo"
            version = "0.1.0"
            dependencies = [
                "requests>=2.31",
                # HTTP/2 client
                "httpx[http2]>=0.27",
                'attrs',  # literal string
                "click",
            ]

            [project.optional-dependencies]
            docs = ["sphinx", "furo"]
            dev = ["pytest>=8", "mypy"]

            [dependency-groups]
            test = [
              "pytest",
              "coverage[toml]",
            ]
            lint = ["ruff"]

            [tool.ruff.lint]
            select = [
              # bugbear, opinionated
              "B",
              "E",  # pycodestyle
              "F",  # pyflakes

              "UP", # pyupgrade
            ]
            ignore = ["E501"]

            """)
        // reorder swap 0 -1 -p /tool/ruff/lint/select
        XCTAssertEqual(try apply(swap(0, -1), pyproject, pointer: "/tool/ruff/lint/select"), """
            [build-system]
            requires = ["hatchling"]
            build-backend = "hatchling.build"

            [project]
            name = "demo"
            version = "0.1.0"
            dependencies = [
                "requests>=2.31",
                # HTTP/2 client
                "httpx[http2]>=0.27",
                'attrs',  # literal string
                "click",
            ]

            [project.optional-dependencies]
            docs = ["sphinx", "furo"]
            dev = ["pytest>=8", "mypy"]

            [dependency-groups]
            test = [
              "pytest",
              "coverage[toml]",
            ]
            lint = ["ruff"]

            [tool.ruff.lint]
            select = [
              # bugbear, opinionated
              "B",
              "F",  # pyflakes
              "UP", # pyupgrade

              "E",  # pycodestyle
            ]
            ignore = ["E501"]

            """)
        // reorder delete =attrs -p /project/dependencies
        XCTAssertEqual(try apply(try deleteSelected("=attrs"), pyproject, pointer: "/project/dependencies"), """
            [build-system]
            requires = ["hatchling"]
            build-backend = "hatchling.build"

            [project]
            name = "demo"
            version = "0.1.0"
            dependencies = [
                "requests>=2.31",
                # HTTP/2 client
                "httpx[http2]>=0.27",
                "click",
            ]

            [project.optional-dependencies]
            docs = ["sphinx", "furo"]
            dev = ["pytest>=8", "mypy"]

            [dependency-groups]
            test = [
              "pytest",
              "coverage[toml]",
            ]
            lint = ["ruff"]

            [tool.ruff.lint]
            select = [
              "E",  # pycodestyle
              "F",  # pyflakes
              "UP", # pyupgrade

              # bugbear, opinionated
              "B",
            ]
            ignore = ["E501"]

            """)
        // reorder insert 1 "httpx>=0.27" -p /project/dependencies
        XCTAssertEqual(try apply(insert(1, #""httpx>=0.27""#), pyproject, pointer: "/project/dependencies"), """
            [build-system]
            requires = ["hatchling"]
            build-backend = "hatchling.build"

            [project]
            name = "demo"
            version = "0.1.0"
            dependencies = [
                "requests>=2.31",
                "httpx>=0.27",
                # HTTP/2 client
                "httpx[http2]>=0.27",
                'attrs',  # literal string
                "click",
            ]

            [project.optional-dependencies]
            docs = ["sphinx", "furo"]
            dev = ["pytest>=8", "mypy"]

            [dependency-groups]
            test = [
              "pytest",
              "coverage[toml]",
            ]
            lint = ["ruff"]

            [tool.ruff.lint]
            select = [
              "E",  # pycodestyle
              "F",  # pyflakes
              "UP", # pyupgrade

              # bugbear, opinionated
              "B",
            ]
            ignore = ["E501"]

            """)
        // reorder insert -1 --string mypy -p /dependency-groups/lint
        XCTAssertEqual(try apply(insert(-1, "mypy"), pyproject, pointer: "/dependency-groups/lint", asString: true), """
            [build-system]
            requires = ["hatchling"]
            build-backend = "hatchling.build"

            [project]
            name = "demo"
            version = "0.1.0"
            dependencies = [
                "requests>=2.31",
                # HTTP/2 client
                "httpx[http2]>=0.27",
                'attrs',  # literal string
                "click",
            ]

            [project.optional-dependencies]
            docs = ["sphinx", "furo"]
            dev = ["pytest>=8", "mypy"]

            [dependency-groups]
            test = [
              "pytest",
              "coverage[toml]",
            ]
            lint = ["ruff", "mypy"]

            [tool.ruff.lint]
            select = [
              "E",  # pycodestyle
              "F",  # pyflakes
              "UP", # pyupgrade

              # bugbear, opinionated
              "B",
            ]
            ignore = ["E501"]

            """)
        // reorder sort -p /project/optional-dependencies
        XCTAssertEqual(try apply(sort(), pyproject, pointer: "/project/optional-dependencies"), """
            [build-system]
            requires = ["hatchling"]
            build-backend = "hatchling.build"

            [project]
            name = "demo"
            version = "0.1.0"
            dependencies = [
                "requests>=2.31",
                # HTTP/2 client
                "httpx[http2]>=0.27",
                'attrs',  # literal string
                "click",
            ]

            [project.optional-dependencies]
            dev = ["pytest>=8", "mypy"]
            docs = ["sphinx", "furo"]

            [dependency-groups]
            test = [
              "pytest",
              "coverage[toml]",
            ]
            lint = ["ruff"]

            [tool.ruff.lint]
            select = [
              "E",  # pycodestyle
              "F",  # pyflakes
              "UP", # pyupgrade

              # bugbear, opinionated
              "B",
            ]
            ignore = ["E501"]

            """)
        // reorder reverse -p /dependency-groups/test
        XCTAssertEqual(try apply(reverse, pyproject, pointer: "/dependency-groups/test"), """
            [build-system]
            requires = ["hatchling"]
            build-backend = "hatchling.build"

            [project]
            name = "demo"
            version = "0.1.0"
            dependencies = [
                "requests>=2.31",
                # HTTP/2 client
                "httpx[http2]>=0.27",
                'attrs',  # literal string
                "click",
            ]

            [project.optional-dependencies]
            docs = ["sphinx", "furo"]
            dev = ["pytest>=8", "mypy"]

            [dependency-groups]
            test = [
              "coverage[toml]",
              "pytest",
            ]
            lint = ["ruff"]

            [tool.ruff.lint]
            select = [
              "E",  # pycodestyle
              "F",  # pyflakes
              "UP", # pyupgrade

              # bugbear, opinionated
              "B",
            ]
            ignore = ["E501"]

            """)
    }

    func testCargo() throws {
        // reorder sort -p /dependencies
        XCTAssertEqual(try apply(sort(), cargo, pointer: "/dependencies"), """
            [workspace]
            members = [
                "crates/core",
                "crates/cli",
                "crates/app", # the binary
            ]

            [package]
            name = "app"
            version = "0.1.0"
            edition = "2021"

            [dependencies]
            anyhow = "1"
            "clap" = "4"
            serde = { version = "1.0", features = ["derive"] }
            # async runtime
            tokio = { version = "1", features = ["full"] }

            [[bin]]
            name = "zeta"
            path = "src/zeta.rs"

            # the main tool
            [[bin]]
            name = "alpha"
            path = "src/main.rs"

            [profile.release]
            lto = true

            """)
        // reorder sort -p /workspace/members
        XCTAssertEqual(try apply(sort(), cargo, pointer: "/workspace/members"), """
            [workspace]
            members = [
                "crates/app", # the binary
                "crates/cli",
                "crates/core",
            ]

            [package]
            name = "app"
            version = "0.1.0"
            edition = "2021"

            [dependencies]
            serde = { version = "1.0", features = ["derive"] }
            anyhow = "1"
            # async runtime
            tokio = { version = "1", features = ["full"] }
            "clap" = "4"

            [[bin]]
            name = "zeta"
            path = "src/zeta.rs"

            # the main tool
            [[bin]]
            name = "alpha"
            path = "src/main.rs"

            [profile.release]
            lto = true

            """)
        // reorder sort --key /name -p /bin
        XCTAssertEqual(try apply(sort(), cargo, pointer: "/bin", key: "/name"), """
            [workspace]
            members = [
                "crates/core",
                "crates/cli",
                "crates/app", # the binary
            ]

            [package]
            name = "app"
            version = "0.1.0"
            edition = "2021"

            [dependencies]
            serde = { version = "1.0", features = ["derive"] }
            anyhow = "1"
            # async runtime
            tokio = { version = "1", features = ["full"] }
            "clap" = "4"

            # the main tool
            [[bin]]
            name = "alpha"
            path = "src/main.rs"

            [[bin]]
            name = "zeta"
            path = "src/zeta.rs"

            [profile.release]
            lto = true

            """)
        // reorder delete 0 -p /bin
        XCTAssertEqual(try apply(delete(0), cargo, pointer: "/bin"), """
            [workspace]
            members = [
                "crates/core",
                "crates/cli",
                "crates/app", # the binary
            ]

            [package]
            name = "app"
            version = "0.1.0"
            edition = "2021"

            [dependencies]
            serde = { version = "1.0", features = ["derive"] }
            anyhow = "1"
            # async runtime
            tokio = { version = "1", features = ["full"] }
            "clap" = "4"

            # the main tool
            [[bin]]
            name = "alpha"
            path = "src/main.rs"

            [profile.release]
            lto = true

            """)
        // reorder insert -1 rand = "0.8" -p /dependencies
        XCTAssertEqual(try apply(insert(-1, #"rand = "0.8""#), cargo, pointer: "/dependencies"), """
            [workspace]
            members = [
                "crates/core",
                "crates/cli",
                "crates/app", # the binary
            ]

            [package]
            name = "app"
            version = "0.1.0"
            edition = "2021"

            [dependencies]
            serde = { version = "1.0", features = ["derive"] }
            anyhow = "1"
            # async runtime
            tokio = { version = "1", features = ["full"] }
            "clap" = "4"
            rand = "0.8"

            [[bin]]
            name = "zeta"
            path = "src/zeta.rs"

            # the main tool
            [[bin]]
            name = "alpha"
            path = "src/main.rs"

            [profile.release]
            lto = true

            """)
        // reorder insert 0 $'[[bin]]\nname = "beta"\n' -p /bin
        XCTAssertEqual(try apply(insert(0, "[[bin]]\nname = \"beta\"\n"), cargo, pointer: "/bin"), """
            [workspace]
            members = [
                "crates/core",
                "crates/cli",
                "crates/app", # the binary
            ]

            [package]
            name = "app"
            version = "0.1.0"
            edition = "2021"

            [dependencies]
            serde = { version = "1.0", features = ["derive"] }
            anyhow = "1"
            # async runtime
            tokio = { version = "1", features = ["full"] }
            "clap" = "4"

            [[bin]]
            name = "beta"

            [[bin]]
            name = "zeta"
            path = "src/zeta.rs"

            # the main tool
            [[bin]]
            name = "alpha"
            path = "src/main.rs"

            [profile.release]
            lto = true

            """)
        // reorder sort -p /dependencies/serde
        XCTAssertEqual(try apply(sort(), cargo, pointer: "/dependencies/serde"), """
            [workspace]
            members = [
                "crates/core",
                "crates/cli",
                "crates/app", # the binary
            ]

            [package]
            name = "app"
            version = "0.1.0"
            edition = "2021"

            [dependencies]
            serde = { features = ["derive"], version = "1.0" }
            anyhow = "1"
            # async runtime
            tokio = { version = "1", features = ["full"] }
            "clap" = "4"

            [[bin]]
            name = "zeta"
            path = "src/zeta.rs"

            # the main tool
            [[bin]]
            name = "alpha"
            path = "src/main.rs"

            [profile.release]
            lto = true

            """)
        // reorder reverse -p /dependencies/tokio/features
        XCTAssertEqual(try apply(reverse, cargo, pointer: "/dependencies/tokio/features"), """
            [workspace]
            members = [
                "crates/core",
                "crates/cli",
                "crates/app", # the binary
            ]

            [package]
            name = "app"
            version = "0.1.0"
            edition = "2021"

            [dependencies]
            serde = { version = "1.0", features = ["derive"] }
            anyhow = "1"
            # async runtime
            tokio = { version = "1", features = ["full"] }
            "clap" = "4"

            [[bin]]
            name = "zeta"
            path = "src/zeta.rs"

            # the main tool
            [[bin]]
            name = "alpha"
            path = "src/main.rs"

            [profile.release]
            lto = true

            """)
    }

    func testCommentsTravelWithTheirItem() throws {
        // Comment lines directly above an item and the comment on its last
        // line are its own; one after a blank line, one after '[' on the
        // opening line and one before ']' stay with positions.
        let text = """
            a = [ # opening
              # about one
              1, # one

              # about two
              2,
              3 # three
              # closing
            ]

            """
        XCTAssertEqual(try apply(reverse, text, pointer: "/a"), """
            a = [ # opening
              3, # three

              # about two
              2,
              # about one
              1 # one
              # closing
            ]

            """)
        // The blank line belongs to the position after the first, which
        // goes with it: it separated 1 from 2, and no other pair.
        XCTAssertEqual(try apply(delete(0), text, pointer: "/a"), """
            a = [ # opening
              # about two
              2,
              3 # three
              # closing
            ]

            """)
        // Table lines: the comment above goes, the blank line stays.
        let table = """
            [t]
            # about b
            b = 2 # two

            a = 1

            """
        XCTAssertEqual(try apply(reverse, table, pointer: "/t"), """
            [t]
            a = 1

            # about b
            b = 2 # two

            """)
    }

    func testTrailingCommaStaysLast() throws {
        XCTAssertEqual(try apply(move(0, -1), "a = [\n  1,\n  2,\n]\n", pointer: "/a"), "a = [\n  2,\n  1,\n]\n")
        XCTAssertEqual(try apply(move(0, -1), "a = [1, 2]\n", pointer: "/a"), "a = [2, 1]\n")
        XCTAssertEqual(try apply(insert(-1, "3"), "a = [1, 2,]\n", pointer: "/a"), "a = [1, 2, 3,]\n")
        XCTAssertEqual(try apply(insert(0, "1"), "a = []\n", pointer: "/a"), "a = [1]\n")
        XCTAssertEqual(try apply(delete(0), "a = [1]\n", pointer: "/a"), "a = []\n")
    }

    func testCRLFAndAByteOrderMark() throws {
        XCTAssertEqual(try apply(reverse, "\u{FEFF}b = 1\r\na = [\r\n  2,\r\n  1,\r\n]\r\n"),
                       "\u{FEFF}a = [\r\n  2,\r\n  1,\r\n]\r\nb = 1\r\n")
        XCTAssertEqual(try apply(insert(-1, "c = 3"), "[t]\r\na = 1\r\n", pointer: "/t"), "[t]\r\na = 1\r\nc = 3\r\n")
        XCTAssertEqual(try apply(insert(-1, "[[b]]\nx = 2\n"), "[[b]]\r\nx = 1\r\n", pointer: "/b"),
                       "[[b]]\r\nx = 1\r\n\r\n[[b]]\r\nx = 2\r\n")
    }

    func testDottedKeysAndInlineTables() throws {
        let text = """
            project.name = "x"
            project.dependencies = ["b", "a"]
            tool.ruff = { line-length = 88, target = "py312" }
            "quoted key".z = 1

            """
        // One pointer token per key, however the keys are spelt.
        XCTAssertEqual(try apply(sort(), text, pointer: "/project/dependencies"), """
            project.name = "x"
            project.dependencies = ["a", "b"]
            tool.ruff = { line-length = 88, target = "py312" }
            "quoted key".z = 1

            """)
        // A table made by dotted keys: its lines, keys after its path.
        XCTAssertEqual(try apply(sort(), text, pointer: "/project"), """
            project.dependencies = ["b", "a"]
            project.name = "x"
            tool.ruff = { line-length = 88, target = "py312" }
            "quoted key".z = 1

            """)
        XCTAssertEqual(try apply(insert(-1, "version = \"1\""), text, pointer: "/project"), """
            project.name = "x"
            project.dependencies = ["b", "a"]
            project.version = "1"
            tool.ruff = { line-length = 88, target = "py312" }
            "quoted key".z = 1

            """)
        XCTAssertEqual(try apply(reverse, text, pointer: "/tool/ruff"), """
            project.name = "x"
            project.dependencies = ["b", "a"]
            tool.ruff = { target = "py312", line-length = 88 }
            "quoted key".z = 1

            """)
        // Keys decoded: `"quoted key"` is `quoted key`. A key's dotted
        // lines together are one item (`project`): sorted as it, their own
        // order kept.
        XCTAssertEqual(try apply(sort(), text), """
            project.name = "x"
            project.dependencies = ["b", "a"]
            "quoted key".z = 1
            tool.ruff = { line-length = 88, target = "py312" }

            """)
        XCTAssertEqual(try apply(try deleteSelected("=quoted key.z"), text), """
            project.name = "x"
            project.dependencies = ["b", "a"]
            tool.ruff = { line-length = 88, target = "py312" }

            """)
    }

    func testStringsCompareByTheirDecodedValue() throws {
        let text = #"a = ["c", 'b', """a""", "\u0064"]"# + "\n"
        XCTAssertEqual(try apply(sort(), text, pointer: "/a"), #"a = ["""a""", 'b', "c", "\u0064"]"# + "\n")
        XCTAssertEqual(try apply(try deleteSelected("=d"), text, pointer: "/a"), #"a = ["c", 'b', """a"""]"# + "\n")
        XCTAssertEqual(try apply(sort(SortOptions(numeric: true)), "a = [1_000, 20, 3]\n", pointer: "/a"), "a = [3, 20, 1_000]\n")
    }

    func testWhatItRefuses() throws {
        func refusal(_ text: String, pointer: String = "", _ edit: Edit? = nil) -> FormatError? {
            error { try apply(edit ?? reverse, text, pointer: pointer) }
        }
        // Invalid TOML, with the place of the problem.
        XCTAssertEqual(refusal("a = [1,\n"), TOMLError.syntax(problem: "expected ']' to close the array", offset: 4))
        XCTAssertEqual(refusal("a = 1\na = 2\n"), TOMLError.redefined(key: "a", reason: "it is defined already", offset: 6))
        XCTAssertEqual(refusal("a = 01\n"), TOMLError.syntax(problem: "'01' is not a valid TOML value (a number, boolean or date-time, or a string in quotes)", offset: 4))
        // What it cannot delimit.
        if case .sectionsApart? = refusal("[a.b]\n[a.c]\n[a.b.d]\n", pointer: "/a")?.kind {} else { XCTFail("a sub-table's sections apart") }
        if case .cannotDelimit? = refusal("a.x = 1\nb = 2\na.y = 3\n", pointer: "/a")?.kind {} else { XCTFail("dotted lines apart") }
        if case .cannotDelimit? = refusal("[[a]]\n[b]\n[a.c]\n", pointer: "/a")?.kind {} else { XCTFail("an element apart") }
        XCTAssertEqual(refusal("a = 1\n", pointer: "/a"), TOMLError.notAList(pointer: "/a", found: "an integer", offset: 4))
        // New items.
        XCTAssertEqual(refusal("[t]\na = 1\n", pointer: "/t", insert(0, "a = 2")), TOMLError.keyExists(key: "a"))
        if case .invalidValue? = refusal("a = [1]\n", pointer: "/a", insert(0, "httpx"))?.kind {} else { XCTFail("a bare word") }
        // A result that would not be valid TOML writes nothing.
        if case .resultInvalid? = refusal("[t]\na = 1\n[t.b]\n", pointer: "/t", insert(0, "b = 2"))?.kind {} else { XCTFail("a clash") }
    }

    func testDeletingTheLastValueKeepsOnlyThePositionsComments() throws {
        // Regression: the value's own comment went, but the value stayed.
        XCTAssertEqual(try apply(delete(0), "a = [ # open\n    # mine\n    1\n    # closing\n]\n", pointer: "/a"),
                       "a = [ # open\n    # closing\n]\n")
        if case .cannotDelimit? = error({ try apply(delete(0), "[[a]]\nx = 1\n", pointer: "/a") })?.kind {} else {
            XCTFail("an array of tables left with no element")
        }
    }

    func testEmptyingAndFillingTables() throws {
        XCTAssertEqual(try apply(insert(0, "k = 1"), "[a]\n\n[b]\nx = 1\n", pointer: "/a"), "[a]\nk = 1\n\n[b]\nx = 1\n")
        XCTAssertEqual(try apply(delete(0), "[a]\nk = 1\n\n[b]\n", pointer: "/a"), "[a]\n\n[b]\n")
        XCTAssertEqual(try apply(insert(0, "k = 1"), "[b]\n", pointer: ""), "k = 1\n[b]\n")
    }
}
