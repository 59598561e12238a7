import ReorderKit
import XCTest

/// Comment headings (`ReadOptions.commentHeadings`): a comment on a line of
/// its own heads a group, belongs to the position below it and stays on
/// its line whatever moves; `sort` with `grouping.comments` sorts within
/// the groups; an item's own end-of-line comment still travels with it.
final class CommentHeadingsTests: XCTestCase {
    // MARK: - Support

    static func read<T>(_ text: String, _ format: ListFormat, pointer: String = "", headings: Bool = true,
                        subTables: Bool = false, _ body: (ListDocument) throws -> T) throws -> T {
        try Array(text.utf8).withUnsafeBytes { source in
            var options = ReadOptions(pointer: pointer)
            options.commentHeadings = headings
            options.subTables = subTables
            return try body(try ListDocument(source, format: format, options: options))
        }
    }

    /// `text` sorted within its comment-headed groups.
    static func sorted(_ text: String, _ format: ListFormat, pointer: String = "", headings: Bool = true,
                       subTables: Bool = false, key: String? = nil) throws -> String {
        try read(text, format, pointer: pointer, headings: headings, subTables: subTables) { document in
            var options = SortOptions()
            options.grouping.comments = headings
            return String(decoding: document.render(try document.sortedArrangement(options, key: key)), as: UTF8.self)
        }
    }

    /// `text` after `edit`, read with comment headings.
    static func edited(_ text: String, _ format: ListFormat, pointer: String = "", _ edit: Edit) throws -> String {
        try read(text, format, pointer: pointer) { document in
            String(decoding: document.render(try document.arrangement(for: edit, options: EditOptions())), as: UTF8.self)
        }
    }

    /// Each item's group heading, as `groupHeading(ofItem:)` names it.
    static func headings(_ text: String, _ format: ListFormat, pointer: String = "", subTables: Bool = false) throws -> [String?] {
        try read(text, format, pointer: pointer, subTables: subTables) { document in
            (0..<document.count).map { document.groupHeading(ofItem: $0) }
        }
    }

    static func delete(_ index: Int) throws -> Edit { .delete(try SourceSelector(parsing: "\(index)")) }
    static func move(_ from: Int, _ to: Int) throws -> Edit { .move(from: try SourceSelector(parsing: "\(from)"), to: UserIndex(to)) }
    static func insert(_ at: Int, _ value: String) -> Edit { .insert(at: UserIndex(at), value: Array(value.utf8)) }

    func check(_ input: String, _ expected: String, _ format: ListFormat, pointer: String = "", subTables: Bool = false,
               key: String? = nil, line: UInt = #line) throws {
        let output = try Self.sorted(input, format, pointer: pointer, subTables: subTables, key: key)
        XCTAssertEqual(output, expected, input.debugDescription, line: line)
        // A second sort changes nothing.
        XCTAssertEqual(try Self.sorted(output, format, pointer: pointer, subTables: subTables, key: key), output, "again",
                       line: line)
    }

    // MARK: - JSON with comments

    static let jsoncArray = """
        [
          // web
          "requests", // http
          "flask",

          // storage
          "sqlalchemy",
          /* the migrations */ "alembic"
        ]

        """

    func testJSONCArraySortsWithinHeadedGroups() throws {
        try check(Self.jsoncArray, """
            [
              // web
              "flask",
              "requests", // http

              // storage
              /* the migrations */ "alembic",
              "sqlalchemy"
            ]

            """, .jsonc)
        XCTAssertEqual(try Self.headings(Self.jsoncArray, .jsonc), ["// web", "// web", "// storage", "// storage"])
    }

    func testJSONCObjectSortsWithinHeadedGroups() throws {
        let input = """
            {
              "compilerOptions": {
                /* Language */
                "target": "es2022",
                "lib": ["dom"], // browsers
                // Modules
                "module": "esnext",
                "baseUrl": ".",
              }
            }

            """
        try check(input, """
            {
              "compilerOptions": {
                /* Language */
                "lib": ["dom"], // browsers
                "target": "es2022",
                // Modules
                "baseUrl": ".",
                "module": "esnext",
              }
            }

            """, .jsonc, pointer: "/compilerOptions")
        XCTAssertEqual(try Self.headings(input, .jsonc, pointer: "/compilerOptions"),
                       ["/* Language */", "/* Language */", "// Modules", "// Modules"])
    }

    func testJSONCWithCRLFAnEmptyGroupAndAHeadingAsTheLastLine() throws {
        let input = "[\r\n  // empty\r\n  // letters\r\n  \"b\",\r\n  \"a\",\r\n  // digits\r\n  2,\r\n  1\r\n  // the end\r\n]\r\n"
        try check(input, "[\r\n  // empty\r\n  // letters\r\n  \"a\",\r\n  \"b\",\r\n  // digits\r\n  1,\r\n  2\r\n  // the end\r\n]\r\n",
                  .jsonc)
        XCTAssertEqual(try Self.headings(input, .jsonc), ["// letters", "// letters", "// digits", "// digits"])
    }

    func testJSONCItemsAboveTheFirstHeadingAreAGroupWithoutName() throws {
        let input = "[\n  \"d\",\n  \"c\",\n  // rest\n  \"b\",\n  \"a\"\n]\n"
        try check(input, "[\n  \"c\",\n  \"d\",\n  // rest\n  \"a\",\n  \"b\"\n]\n", .jsonc)
        XCTAssertEqual(try Self.headings(input, .jsonc), [nil, nil, "// rest", "// rest"])
    }

    /// A comment inside an item (between a key and its value, or inside a
    /// value over lines) is the item's and heads nothing.
    func testJSONCCommentsInsideAnItemAreItsOwn() throws {
        let input = "{\n  // top\n  \"b\": // why\n    [\n      // inner\n      2\n    ],\n  \"a\": 1\n}\n"
        try check(input, "{\n  // top\n  \"a\": 1,\n  \"b\": // why\n    [\n      // inner\n      2\n    ]\n}\n", .jsonc)
        XCTAssertEqual(try Self.headings(input, .jsonc), ["// top", "// top"])
    }

    func testJSONCWithoutHeadingsTheCommentMovesWithTheItemBelow() throws {
        let output = try Self.sorted(Self.jsoncArray, .jsonc, headings: false)
        XCTAssertEqual(output, """
            [
              /* the migrations */ "alembic",
              "flask",

              // web
              "requests", // http
              // storage
              "sqlalchemy"
            ]

            """)
        XCTAssertEqual(try Self.read(Self.jsoncArray, .jsonc, headings: false) { document in
            (0..<document.count).map { document.groupHeading(ofItem: $0) }
        }, [nil, nil, nil, nil])
    }

    static let jsoncEdits = "[\n  // web\n  \"requests\",\n  \"flask\",\n  // storage\n  \"sqlalchemy\"\n]\n"

    /// A delete of the item under a heading keeps the heading; an insert at
    /// a group's top lands under its heading; a moved item joins the group
    /// it lands in, and the items that stay keep theirs (`keepingHeadings`).
    func testJSONCDeleteInsertAndMoveAroundHeadings() throws {
        XCTAssertEqual(try Self.edited(Self.jsoncEdits, .jsonc, Self.delete(0)),
                       "[\n  // web\n  \"flask\",\n  // storage\n  \"sqlalchemy\"\n]\n")
        XCTAssertEqual(try Self.edited(Self.jsoncEdits, .jsonc, Self.delete(2)),
                       "[\n  // web\n  \"requests\",\n  \"flask\"\n  // storage\n]\n")
        XCTAssertEqual(try Self.edited(Self.jsoncEdits, .jsonc, Self.insert(2, "\"alembic\"")),
                       "[\n  // web\n  \"requests\",\n  \"flask\",\n  // storage\n  \"alembic\",\n  \"sqlalchemy\"\n]\n")
        XCTAssertEqual(try Self.edited(Self.jsoncEdits, .jsonc, Self.move(0, 2)),
                       "[\n  // web\n  \"flask\",\n  // storage\n  \"sqlalchemy\",\n  \"requests\"\n]\n")
    }

    // MARK: - TOML

    /// The example of the issue: each heading stays on its line.
    static let tomlArray = """
        dependencies = [
            # web
            "requests",
            "flask",
            # storage
            "sqlalchemy",
            "alembic",
        ]

        """

    func testTOMLArraySortsBeneathEachHeading() throws {
        try check(Self.tomlArray, """
            dependencies = [
                # web
                "flask",
                "requests",
                # storage
                "alembic",
                "sqlalchemy",
            ]

            """, .toml, pointer: "/dependencies")
        XCTAssertEqual(try Self.headings(Self.tomlArray, .toml, pointer: "/dependencies"),
                       ["# web", "# web", "# storage", "# storage"])
    }

    func testTOMLArrayWithoutHeadingsTheCommentMovesWithTheItemBelow() throws {
        XCTAssertEqual(try Self.sorted(Self.tomlArray, .toml, pointer: "/dependencies", headings: false), """
            dependencies = [
                "alembic",
                "flask",
                # web
                "requests",
                # storage
                "sqlalchemy",
            ]

            """)
    }

    func testTOMLArrayWithOwnCommentsBlankLinesCRLFAnEmptyGroupAndAHeadingLast() throws {
        let input = "x = [ # the list\r\n  # empty\r\n  # b and a\r\n  \"b\",  # bee\r\n  \"a\",\r\n\r\n  # d and c\r\n"
            + "  \"d\",\r\n  \"c\"\r\n  # the end\r\n]\r\n"
        try check(input, "x = [ # the list\r\n  # empty\r\n  # b and a\r\n  \"a\",\r\n  \"b\",  # bee\r\n\r\n  # d and c\r\n"
                  + "  \"c\",\r\n  \"d\"\r\n  # the end\r\n]\r\n", .toml, pointer: "/x")
        XCTAssertEqual(try Self.headings(input, .toml, pointer: "/x"), ["# b and a", "# b and a", "# d and c", "# d and c"])
    }

    static let tomlTable = """
        [dependencies]
        # web
        requests = "2" # http
        flask = "3"

        # storage
        sqlalchemy = "2"
        alembic = "1"

        [dev-dependencies]
        pytest = "8"

        """

    func testTOMLTableLinesSortBeneathEachHeading() throws {
        try check(Self.tomlTable, """
            [dependencies]
            # web
            flask = "3"
            requests = "2" # http

            # storage
            alembic = "1"
            sqlalchemy = "2"

            [dev-dependencies]
            pytest = "8"

            """, .toml, pointer: "/dependencies")
        XCTAssertEqual(try Self.headings(Self.tomlTable, .toml, pointer: "/dependencies"),
                       ["# web", "# web", "# storage", "# storage"])
        XCTAssertEqual(try Self.sorted(Self.tomlTable, .toml, pointer: "/dependencies", headings: false), """
            [dependencies]
            alembic = "1"
            flask = "3"

            # web
            requests = "2" # http
            # storage
            sqlalchemy = "2"

            [dev-dependencies]
            pytest = "8"

            """)
    }

    func testTOMLRootTableWithCRLFAnEmptyGroupAndAHeadingLast() throws {
        let input = "# empty\r\n# letters\r\nb = 1\r\na = 2\r\n# digits\r\nd2 = 3\r\nd1 = 4\r\n# the end\r\n"
        try check(input, "# empty\r\n# letters\r\na = 2\r\nb = 1\r\n# digits\r\nd1 = 4\r\nd2 = 3\r\n# the end\r\n", .toml)
        XCTAssertEqual(try Self.headings(input, .toml), ["# letters", "# letters", "# digits", "# digits"])
    }

    func testTOMLArrayOfTablesSortsBeneathEachHeading() throws {
        let input = """
            [package]
            name = "x" # the name

            # first
            [[bin]]
            name = "b"

            [[bin]]
            name = "a"
            # the a's metadata
            [bin.metadata]
            x = 1

            # tools
            [[bin]]
            name = "d"

            [[bin]]
            name = "c"

            """
        try check(input, """
            [package]
            name = "x" # the name

            # first
            [[bin]]
            name = "a"
            # the a's metadata
            [bin.metadata]
            x = 1

            [[bin]]
            name = "b"

            # tools
            [[bin]]
            name = "c"

            [[bin]]
            name = "d"

            """, .toml, pointer: "/bin", key: "/name")
        XCTAssertEqual(try Self.headings(input, .toml, pointer: "/bin"), ["# first", "# first", "# tools", "# tools"])
    }

    func testTOMLSubTableSectionsSortBeneathEachHeading() throws {
        let implicit = """
            # linters
            [tool.ruff]
            x = 1

            [tool.mypy]
            y = 2

            # build
            [tool.setuptools]
            z = 3

            [tool.black]
            w = 4

            """
        try check(implicit, """
            # linters
            [tool.mypy]
            y = 2

            [tool.ruff]
            x = 1

            # build
            [tool.black]
            w = 4

            [tool.setuptools]
            z = 3

            """, .toml, pointer: "/tool")
        XCTAssertEqual(try Self.headings(implicit, .toml, pointer: "/tool"), ["# linters", "# linters", "# build", "# build"])
        let withLines = """
            [dependencies]
            # a heading of the key/value lines, not of the sections
            serde = "1"

            # local
            [dependencies.b]
            path = "b"

            [dependencies.a]
            path = "a"

            """
        try check(withLines, """
            [dependencies]
            # a heading of the key/value lines, not of the sections
            serde = "1"

            # local
            [dependencies.a]
            path = "a"

            [dependencies.b]
            path = "b"

            """, .toml, pointer: "/dependencies", subTables: true)
        XCTAssertEqual(try Self.headings(withLines, .toml, pointer: "/dependencies", subTables: true), ["# local", "# local"])
    }

    static let tomlEdits = "[deps]\n# web\nrequests = 1\nflask = 2\n# storage\nsqlalchemy = 3\n"

    func testTOMLDeleteInsertAndMoveAroundHeadings() throws {
        XCTAssertEqual(try Self.edited(Self.tomlEdits, .toml, pointer: "/deps", Self.delete(0)),
                       "[deps]\n# web\nflask = 2\n# storage\nsqlalchemy = 3\n")
        XCTAssertEqual(try Self.edited(Self.tomlEdits, .toml, pointer: "/deps", Self.delete(2)),
                       "[deps]\n# web\nrequests = 1\nflask = 2\n# storage\n")
        XCTAssertEqual(try Self.edited(Self.tomlEdits, .toml, pointer: "/deps", Self.insert(2, "alembic = 4")),
                       "[deps]\n# web\nrequests = 1\nflask = 2\n# storage\nalembic = 4\nsqlalchemy = 3\n")
        XCTAssertEqual(try Self.edited(Self.tomlEdits, .toml, pointer: "/deps", Self.move(0, 2)),
                       "[deps]\n# web\nflask = 2\n# storage\nsqlalchemy = 3\nrequests = 1\n")
        let array = "x = [\n  # web\n  \"requests\",\n  \"flask\",\n  # storage\n  \"sqlalchemy\",\n]\n"
        XCTAssertEqual(try Self.edited(array, .toml, pointer: "/x", Self.delete(0)),
                       "x = [\n  # web\n  \"flask\",\n  # storage\n  \"sqlalchemy\",\n]\n")
        XCTAssertEqual(try Self.edited(array, .toml, pointer: "/x", Self.delete(2)),
                       "x = [\n  # web\n  \"requests\",\n  \"flask\",\n  # storage\n]\n")
        XCTAssertEqual(try Self.edited(array, .toml, pointer: "/x", Self.insert(2, "\"alembic\"")),
                       "x = [\n  # web\n  \"requests\",\n  \"flask\",\n  # storage\n  \"alembic\",\n  \"sqlalchemy\",\n]\n")
        XCTAssertEqual(try Self.edited(array, .toml, pointer: "/x", Self.move(2, 0)),
                       "x = [\n  # web\n  \"sqlalchemy\",\n  \"requests\",\n  \"flask\",\n  # storage\n]\n")
    }

    // MARK: - YAML

    static let yamlSequence = """
        dependencies:
          # web
          - requests # http
          - flask

          # storage
          - sqlalchemy
          - alembic
        other: 1

        """

    func testYAMLSequenceSortsBeneathEachHeading() throws {
        try check(Self.yamlSequence, """
            dependencies:
              # web
              - flask
              - requests # http

              # storage
              - alembic
              - sqlalchemy
            other: 1

            """, .yaml, pointer: "/dependencies")
        XCTAssertEqual(try Self.headings(Self.yamlSequence, .yaml, pointer: "/dependencies"),
                       ["# web", "# web", "# storage", "# storage"])
    }

    func testYAMLWithoutHeadingsTheCommentMovesWithTheEntryBelow() throws {
        XCTAssertEqual(try Self.sorted(Self.yamlSequence, .yaml, pointer: "/dependencies", headings: false), """
            dependencies:
              - alembic
              - flask

              # web
              - requests # http
              # storage
              - sqlalchemy
            other: 1

            """)
    }

    func testYAMLMappingWithCRLFAnEmptyGroupAndAHeadingFirstAndLast() throws {
        let input = "# empty\r\n# letters\r\nb: 1 # bee\r\na: 2\r\n# digits\r\nd2:\r\n  x: 1\r\nd1: 4\r\n# the end\r\n"
        try check(input, "# empty\r\n# letters\r\na: 2\r\nb: 1 # bee\r\n# digits\r\nd1: 4\r\nd2:\r\n  x: 1\r\n# the end\r\n", .yaml)
        XCTAssertEqual(try Self.headings(input, .yaml), ["# letters", "# letters", "# digits", "# digits"])
    }

    /// Nested lists: each list's headings at its own entries' column; a
    /// comment inside an entry is the entry's and heads nothing here.
    static let yamlNested = """
        jobs:
          # build and test
          test:
            steps:
              # setup
              - uses: b/checkout
              - uses: a/setup
              # run
              - uses: d/make
                # inside the entry
                name: z
              - uses: c/lint
          build:
            runs-on: x
          # release
          release:
            runs-on: y
          deploy:
            runs-on: z

        """

    func testYAMLNestedListsSortBeneathTheirOwnHeadings() throws {
        try check(Self.yamlNested, """
            jobs:
              # build and test
              build:
                runs-on: x
              test:
                steps:
                  # setup
                  - uses: b/checkout
                  - uses: a/setup
                  # run
                  - uses: d/make
                    # inside the entry
                    name: z
                  - uses: c/lint
              # release
              deploy:
                runs-on: z
              release:
                runs-on: y

            """, .yaml, pointer: "/jobs")
        XCTAssertEqual(try Self.headings(Self.yamlNested, .yaml, pointer: "/jobs"),
                       ["# build and test", "# build and test", "# release", "# release"])
        try check(Self.yamlNested, """
            jobs:
              # build and test
              test:
                steps:
                  # setup
                  - uses: a/setup
                  - uses: b/checkout
                  # run
                  - uses: c/lint
                  - uses: d/make
                    # inside the entry
                    name: z
              build:
                runs-on: x
              # release
              release:
                runs-on: y
              deploy:
                runs-on: z

            """, .yaml, pointer: "/jobs/test/steps", key: "/uses")
        XCTAssertEqual(try Self.headings(Self.yamlNested, .yaml, pointer: "/jobs/test/steps"),
                       ["# setup", "# setup", "# run", "# run"])
        XCTAssertEqual(try Self.headings(Self.yamlNested, .yaml, pointer: "/jobs/test/steps/2"), [nil, "# inside the entry"])
    }

    /// A comment line shallower than the entries stays where it is, as it
    /// always did, and heads a group: no entry crosses it.
    func testYAMLAShallowerCommentLineHeadsAGroup() throws {
        let input = "list:\n  - d\n  - c\n# shallow\n  - b\n  - a\n"
        try check(input, "list:\n  - c\n  - d\n# shallow\n  - a\n  - b\n", .yaml, pointer: "/list")
        XCTAssertEqual(try Self.headings(input, .yaml, pointer: "/list"), [nil, nil, "# shallow", "# shallow"])
    }

    static let yamlEdits = "deps:\n  # web\n  - requests\n  - flask\n  # storage\n  - sqlalchemy\n"

    func testYAMLDeleteInsertAndMoveAroundHeadings() throws {
        XCTAssertEqual(try Self.edited(Self.yamlEdits, .yaml, pointer: "/deps", Self.delete(0)),
                       "deps:\n  # web\n  - flask\n  # storage\n  - sqlalchemy\n")
        XCTAssertEqual(try Self.edited(Self.yamlEdits, .yaml, pointer: "/deps", Self.delete(2)),
                       "deps:\n  # web\n  - requests\n  - flask\n  # storage\n")
        XCTAssertEqual(try Self.edited(Self.yamlEdits, .yaml, pointer: "/deps", Self.insert(2, "alembic")),
                       "deps:\n  # web\n  - requests\n  - flask\n  # storage\n  - alembic\n  - sqlalchemy\n")
        XCTAssertEqual(try Self.edited(Self.yamlEdits, .yaml, pointer: "/deps", Self.move(2, 0)),
                       "deps:\n  # web\n  - sqlalchemy\n  - requests\n  - flask\n  # storage\n")
    }

    /// A comment line deeper than the entries, after an entry's content
    /// (commented-out keys of its value, as in Helm values files), is the
    /// entry's own: it moves with it and heads no group; blank lines may
    /// stand before it, inside the entry (the blank line after it is the
    /// position's, and stays).
    static let yamlDeep = """
        promtail:
          enabled: true
          # updatePolicy:
          #   type: RollingUpdate
        global:
          x: 1
        resources: {}
          # limits:
          #   cpu: 100m

          # requests:
          #   cpu: 50m

        affinity: {}

        """

    func testYAMLDeeperCommentLinesAfterAnEntryMoveWithIt() throws {
        try check(Self.yamlDeep, """
            affinity: {}
            global:
              x: 1
            promtail:
              enabled: true
              # updatePolicy:
              #   type: RollingUpdate

            resources: {}
              # limits:
              #   cpu: 100m

              # requests:
              #   cpu: 50m

            """, .yaml)
        XCTAssertEqual(try Self.headings(Self.yamlDeep, .yaml), [nil, nil, nil, nil])
        // With CRLF line breaks.
        let crlf = Self.yamlDeep.replacingOccurrences(of: "\n", with: "\r\n")
        XCTAssertEqual(try Self.sorted(crlf, .yaml), try Self.sorted(Self.yamlDeep, .yaml).replacingOccurrences(of: "\n", with: "\r\n"))
        try check("b: 1\r\n  # b's\r\n\r\n  # more of b's\r\na: 2\r\n  # a's",
                  "a: 2\r\n  # a's\r\nb: 1\r\n  # b's\r\n\r\n  # more of b's", .yaml)
    }

    /// Without comment headings nothing changes: the comment lines directly
    /// above an entry, at its column or deeper, are that entry's.
    func testYAMLWithoutHeadingsDeeperCommentLinesGoWithTheEntryBelow() throws {
        XCTAssertEqual(try Self.sorted("promtail:\n  enabled: true\n  # updatePolicy:\nglobal:\n  x: 1\n", .yaml, headings: false),
                       "  # updatePolicy:\nglobal:\n  x: 1\npromtail:\n  enabled: true\n")
    }

    /// The last entry's deep comment lines are its bytes: sorted, deleted,
    /// moved and with an entry inserted after it, the lines after the list
    /// stay, and so do the line breaks (the file's last line too).
    func testYAMLDeeperCommentLinesAfterTheLastEntry() throws {
        let input = "values:\n  b:\n    x: 1\n    # y: 2\n  a: 1\n    # z: 3\nother: 1\n"
        try check(input, "values:\n  a: 1\n    # z: 3\n  b:\n    x: 1\n    # y: 2\nother: 1\n", .yaml, pointer: "/values")
        XCTAssertEqual(try Self.edited(input, .yaml, pointer: "/values", Self.delete(1)),
                       "values:\n  b:\n    x: 1\n    # y: 2\nother: 1\n")
        XCTAssertEqual(try Self.edited(input, .yaml, pointer: "/values", Self.delete(0)),
                       "values:\n  a: 1\n    # z: 3\nother: 1\n")
        XCTAssertEqual(try Self.edited(input, .yaml, pointer: "/values", Self.move(1, 0)),
                       "values:\n  a: 1\n    # z: 3\n  b:\n    x: 1\n    # y: 2\nother: 1\n")
        XCTAssertEqual(try Self.edited(input, .yaml, pointer: "/values", Self.insert(2, "c: 3")),
                       "values:\n  b:\n    x: 1\n    # y: 2\n  a: 1\n    # z: 3\n  c: 3\nother: 1\n")
        // At the end of a file without a final line break.
        try check("b: 1\na: 2\n  # a's", "a: 2\n  # a's\nb: 1", .yaml)
        XCTAssertEqual(try Self.edited("b: 1\na: 2\n  # a's", .yaml, Self.insert(2, "c: 3")), "b: 1\na: 2\n  # a's\nc: 3")
        XCTAssertEqual(try Self.edited("b: 1\na: 2\n  # a's\n", .yaml, Self.delete(1)), "b: 1\n")
    }

    /// Headings at the entries' column and deep comment lines together: a
    /// deep line after an entry is its own; one after a heading stays with
    /// the heading; a heading after an entry's deep lines ends them.
    func testYAMLHeadingsAndDeeperCommentLines() throws {
        let input = """
            # web
            requests:
              version: 2
              # pin: true
            flask: 1
              # extras: [async]
            # storage
              # (the database)
            sqlalchemy: 2
            alembic: 1
                # deeper still
            # the end
              # after the end

            """
        try check(input, """
            # web
            flask: 1
              # extras: [async]
            requests:
              version: 2
              # pin: true
            # storage
              # (the database)
            alembic: 1
                # deeper still
            sqlalchemy: 2
            # the end
              # after the end

            """, .yaml)
        XCTAssertEqual(try Self.headings(input, .yaml), ["# web", "# web", "# storage", "# storage"])
    }

    /// Nested lists: each list's deep lines are by its own entries' column.
    static let yamlNestedDeep = """
        a:
          - run: x
            name: z
              # of name
            # a heading of the first entry's tail
          - name: b
            # with: y
        b: 1

        """

    func testYAMLDeeperCommentLinesInNestedLists() throws {
        try check(Self.yamlNestedDeep, """
            a:
              - name: b
                # with: y
              - run: x
                name: z
                  # of name
                # a heading of the first entry's tail
            b: 1

            """, .yaml, pointer: "/a", key: "/name")
        try check(Self.yamlNestedDeep, """
            a:
              - name: z
                  # of name
                run: x
                # a heading of the first entry's tail
              - name: b
                # with: y
            b: 1

            """, .yaml, pointer: "/a/0")
        XCTAssertEqual(try Self.headings(Self.yamlNestedDeep, .yaml, pointer: "/a"), [nil, nil])
        XCTAssertEqual(try Self.headings(Self.yamlNestedDeep, .yaml, pointer: "/a/0"), [nil, nil])
    }

    /// A comment line at the entries' column still heads a group, right
    /// after an entry's nested content too.
    func testYAMLACommentAtTheEntriesColumnStillHeadsAGroup() throws {
        let input = "promtail:\n  enabled: true\n# heading\nglobal: 1\nalpha: 1\n"
        try check(input, "promtail:\n  enabled: true\n# heading\nalpha: 1\nglobal: 1\n", .yaml)
        XCTAssertEqual(try Self.headings(input, .yaml), [nil, "# heading", "# heading"])
        try check("list:\n  - d\n  - c\n  # heading\n  - b\n  - a\n", "list:\n  - c\n  - d\n  # heading\n  - a\n  - b\n",
                  .yaml, pointer: "/list")
    }

    /// Two headings in a row between items: the first heads an empty
    /// group, the second names the items below it; nothing crosses either.
    func testAnEmptyGroupBetweenItemsInEachFormat() throws {
        let rows: [(ListFormat, String, String, String, UInt)] = [
            (.jsonc, "[\n  \"d\",\n  \"c\",\n  // empty\n  // rest\n  \"b\",\n  \"a\"\n]\n", "",
             "[\n  \"c\",\n  \"d\",\n  // empty\n  // rest\n  \"a\",\n  \"b\"\n]\n", #line),
            (.toml, "x = [\n  \"d\",\n  \"c\",\n  # empty\n\n  # rest\n  \"b\",\n  \"a\",\n]\n", "/x",
             "x = [\n  \"c\",\n  \"d\",\n  # empty\n\n  # rest\n  \"a\",\n  \"b\",\n]\n", #line),
            (.toml, "[t]\nd = 1\nc = 2\n# empty\n# rest\nb = 3\na = 4\n", "/t",
             "[t]\nc = 2\nd = 1\n# empty\n# rest\na = 4\nb = 3\n", #line),
            (.yaml, "l:\n  - d\n  - c\n  # empty\n  # rest\n  - b\n  - a\n", "/l",
             "l:\n  - c\n  - d\n  # empty\n  # rest\n  - a\n  - b\n", #line),
        ]
        for (format, input, pointer, expected, line) in rows {
            try check(input, expected, format, pointer: pointer, line: line)
            let rest = format == .jsonc ? "// rest" : "# rest"
            XCTAssertEqual(try Self.headings(input, format, pointer: pointer), [nil, nil, rest, rest], line: line)
        }
    }
}
