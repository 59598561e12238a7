import ReorderKit
import XCTest

/// YAML lists on real-world shaped files: the exact bytes of every result.
final class YAMLLayoutTests: XCTestCase {
    func apply(_ edit: Edit, _ text: String, pointer: String = "", key: String? = nil, document: Int? = nil,
               asString: Bool = false) throws -> String {
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBytes { source in
            var options = ReadOptions(pointer: pointer)
            options.document = document
            let document = try ListDocument(source, format: .yaml, options: options)
            let arrangement = try document.arrangement(for: edit, options: EditOptions(valuesAreStrings: asString, key: key))
            return String(decoding: document.render(arrangement), as: UTF8.self)
        }
    }

    func move(_ from: Int, _ to: Int) -> Edit { .move(from: .index(UserIndex(from)), to: UserIndex(to)) }
    func insert(_ at: Int, _ value: String) -> Edit { .insert(at: UserIndex(at), value: Array(value.utf8)) }
    func delete(_ at: Int) -> Edit { .delete(.index(UserIndex(at))) }
    func select(_ text: String) throws -> SourceSelector { try SourceSelector(parsing: text) }

    func error(_ body: () throws -> Any) -> FormatError? {
        do { _ = try body(); return nil } catch { return error as? FormatError }
    }

    let workflow = """
        name: CI
        on: [push, pull_request]

        jobs:
          test:
            runs-on: ubuntu-latest
            steps:
              # Check out first
              - uses: actions/checkout@v4
              - name: Set up Python
                uses: actions/setup-python@v5
                with:
                  python-version: "3.12"
              - run: make test  # the tests

              # Lint at the end
              - name: lint
                run: |
                  make lint
                  # not a comment: block scalar content
          build:
            needs: test
            runs-on: ubuntu-latest

        """

    func testWorkflowSteps() throws {
        // The blank line belongs to the position between steps 2 and 3, and
        // stays there; each comment goes with the step below it.
        XCTAssertEqual(try apply(move(0, -1), workflow, pointer: "/jobs/test/steps"), """
            name: CI
            on: [push, pull_request]

            jobs:
              test:
                runs-on: ubuntu-latest
                steps:
                  - name: Set up Python
                    uses: actions/setup-python@v5
                    with:
                      python-version: "3.12"
                  - run: make test  # the tests
                  # Lint at the end
                  - name: lint
                    run: |
                      make lint
                      # not a comment: block scalar content

                  # Check out first
                  - uses: actions/checkout@v4
              build:
                needs: test
                runs-on: ubuntu-latest

            """)
        // Three steps left: the deleted step's position goes, and the blank
        // line of the position after it stays before `# Lint at the end`.
        XCTAssertEqual(try apply(.delete(try select("=make test")), workflow, pointer: "/jobs/test/steps", key: "/run"), """
            name: CI
            on: [push, pull_request]

            jobs:
              test:
                runs-on: ubuntu-latest
                steps:
                  # Check out first
                  - uses: actions/checkout@v4
                  - name: Set up Python
                    uses: actions/setup-python@v5
                    with:
                      python-version: "3.12"

                  # Lint at the end
                  - name: lint
                    run: |
                      make lint
                      # not a comment: block scalar content
              build:
                needs: test
                runs-on: ubuntu-latest

            """)
        XCTAssertEqual(try apply(insert(-1, "{name: deploy, run: make deploy}"), workflow, pointer: "/jobs/test/steps"),
                       workflow.replacingOccurrences(of: "# not a comment: block scalar content\n",
                                                     with: "# not a comment: block scalar content\n      - {name: deploy, run: make deploy}\n"))
        // The jobs, by key; the flow sequence of events, by value.
        XCTAssertEqual(try apply(.sort(SortOptions()), workflow, pointer: "/jobs"), """
            name: CI
            on: [push, pull_request]

            jobs:
              build:
                needs: test
                runs-on: ubuntu-latest
              test:
                runs-on: ubuntu-latest
                steps:
                  # Check out first
                  - uses: actions/checkout@v4
                  - name: Set up Python
                    uses: actions/setup-python@v5
                    with:
                      python-version: "3.12"
                  - run: make test  # the tests

                  # Lint at the end
                  - name: lint
                    run: |
                      make lint
                      # not a comment: block scalar content

            """)
        XCTAssertEqual(try apply(.reverse, workflow, pointer: "/on"),
                       workflow.replacingOccurrences(of: "[push, pull_request]", with: "[pull_request, push]"))
        XCTAssertEqual(try apply(insert(0, "workflow_dispatch"), workflow, pointer: "/on"),
                       workflow.replacingOccurrences(of: "[push, pull_request]", with: "[workflow_dispatch, push, pull_request]"))
    }

    let deployment = """
        apiVersion: apps/v1
        kind: Deployment
        spec:
          template:
            spec:
              containers:
                - name: web
                  image: nginx:1.27
                  env:
                    - name: LOG_LEVEL
                      value: info
                    - name: API_URL
                      value: "https://example.org"
                    - {name: DEBUG, value: "0"}
                - name: sidecar
                  image: busybox

        """

    func testKubernetesEnv() throws {
        XCTAssertEqual(try apply(.sort(SortOptions()), deployment, pointer: "/spec/template/spec/containers/0/env", key: "/name"), """
            apiVersion: apps/v1
            kind: Deployment
            spec:
              template:
                spec:
                  containers:
                    - name: web
                      image: nginx:1.27
                      env:
                        - name: API_URL
                          value: "https://example.org"
                        - {name: DEBUG, value: "0"}
                        - name: LOG_LEVEL
                          value: info
                    - name: sidecar
                      image: busybox

            """)
        XCTAssertEqual(try apply(.swap(.index(UserIndex(0)), .index(UserIndex(1))), deployment, pointer: "/spec/template/spec/containers"), """
            apiVersion: apps/v1
            kind: Deployment
            spec:
              template:
                spec:
                  containers:
                    - name: sidecar
                      image: busybox
                    - name: web
                      image: nginx:1.27
                      env:
                        - name: LOG_LEVEL
                          value: info
                        - name: API_URL
                          value: "https://example.org"
                        - {name: DEBUG, value: "0"}

            """)
        // The root mapping's keys.
        XCTAssertEqual(try apply(move(2, 0), deployment).hasPrefix("spec:\n  template:\n"), true)
    }

    func testPreCommitConfigAndMkdocsNav() throws {
        let config = """
            repos:
            - repo: https://github.com/psf/black
              rev: 24.1.0
              hooks:
              - id: black
            - repo: https://github.com/pre-commit/pre-commit-hooks
              rev: v4.5.0
              hooks:
              - id: trailing-whitespace
              - id: end-of-file-fixer

            """
        // A sequence at its key's column.
        XCTAssertEqual(try apply(.reverse, config, pointer: "/repos/1/hooks"),
                       config.replacingOccurrences(of: "  - id: trailing-whitespace\n  - id: end-of-file-fixer\n",
                                                   with: "  - id: end-of-file-fixer\n  - id: trailing-whitespace\n"))
        XCTAssertEqual(try apply(.sort(SortOptions()), config, pointer: "/repos", key: "/repo"), """
            repos:
            - repo: https://github.com/pre-commit/pre-commit-hooks
              rev: v4.5.0
              hooks:
              - id: trailing-whitespace
              - id: end-of-file-fixer
            - repo: https://github.com/psf/black
              rev: 24.1.0
              hooks:
              - id: black

            """)
        let nav = """
            site_name: Docs
            nav:
              - Home: index.md
              - 'User guide':
                  - Install: install.md
                  - Usage: usage.md
              - "About": about.md
            """
        XCTAssertEqual(try apply(.move(from: try select("=about.md"), to: UserIndex(1)), nav, pointer: "/nav", key: "/About"), """
            site_name: Docs
            nav:
              - Home: index.md
              - "About": about.md
              - 'User guide':
                  - Install: install.md
                  - Usage: usage.md
            """)
        XCTAssertEqual(try apply(.reverse, nav, pointer: "/nav/1/User guide"), """
            site_name: Docs
            nav:
              - Home: index.md
              - 'User guide':
                  - Usage: usage.md
                  - Install: install.md
              - "About": about.md
            """)
    }

    func testAnsiblePlaybookWithAnchorsAndAliases() throws {
        let playbook = """
            - hosts: web
              vars:
                common: &common
                  user: deploy
              tasks:
                - name: first
                  <<: *common
                - name: second
                  apt: {name: nginx}
            """
        XCTAssertEqual(try apply(.reverse, playbook, pointer: "/0/tasks"), """
            - hosts: web
              vars:
                common: &common
                  user: deploy
              tasks:
                - name: second
                  apt: {name: nginx}
                - name: first
                  <<: *common
            """)
        let anchored = "list:\n  - &a {x: 1}\n  - *a\n  - b\n"
        XCTAssertEqual(error { try self.apply(.reverse, anchored, pointer: "/list") }, YAMLError.aliasBeforeAnchor(name: "a"))
        XCTAssertEqual(error { try self.apply(self.delete(0), anchored, pointer: "/list") }, YAMLError.aliasBeforeAnchor(name: "a"))
        XCTAssertEqual(try apply(move(2, 0), anchored, pointer: "/list"), "list:\n  - b\n  - &a {x: 1}\n  - *a\n")
        // The merged mapping is a mapping like any other.
        XCTAssertEqual(try apply(.reverse, "a: 1\nb: 2\n<<: {c: 3, d: 4}\n", pointer: "/<<"), "a: 1\nb: 2\n<<: {d: 4, c: 3}\n")
    }

    /// `-p /x/<<` was refused with "cannot tell where the entries begin",
    /// at 1:1, whatever the value of `<<` was.
    func testAMergeListIsReorderedLikeAnySequence() throws {
        let anchors = "a: &a {x: 1}\nb: &b {x: 2}\n"
        XCTAssertEqual(try apply(.reverse, anchors + "c:\n  <<: [*a, *b]\n  y: 3\n", pointer: "/c/<<"),
                       anchors + "c:\n  <<: [*b, *a]\n  y: 3\n")
        XCTAssertEqual(try apply(.reverse, anchors + "c:\n  <<:\n    - *a\n    - *b\n", pointer: "/c/<<"),
                       anchors + "c:\n  <<:\n    - *b\n    - *a\n")
        XCTAssertEqual(try apply(.reverse, anchors + "c: {<<: [*a, *b]}\n", pointer: "/c/<<"), anchors + "c: {<<: [*b, *a]}\n")
        // A single alias is no list: the mapping it names is, where its
        // anchor stands.
        XCTAssertEqual(error { try self.apply(.reverse, anchors + "c:\n  <<: *a\n", pointer: "/c/<<") },
                       YAMLError.notAList(pointer: "/c/<<", found: "an alias ('*a') of the mapping at '/a', which is edited where its anchor stands",
                                          offset: 35, suggestions: ["/a"]))
    }

    /// The mapping that holds `<<` is refused at its `<<`, whichever form
    /// the key and its value take.
    func testAMappingWithAMergeKeyIsRefusedAtTheKey() throws {
        let anchors = "a: &a {x: 1}\nb: &b {x: 2}\n"
        let cases: [(text: String, offset: Int, list: Bool)] = [
            ("c:\n  y: 3\n  <<: [*a, *b]\n", 38, true),
            ("c:\n  <<:\n    - *a\n", 31, true),
            ("c:\n  y: 3\n  <<: *a\n", 38, false),
            ("c:\n  y: 3\n  !!merge <<: *a\n", 46, false),
            ("c: {y: 3, <<: *a}\n", 36, false),
            ("c: {y: 3, <<: [*a]}\n", 36, true),
        ]
        for (text, offset, list) in cases {
            XCTAssertEqual(error { try self.apply(.reverse, anchors + text, pointer: "/c") },
                           YAMLError.mergeKey(pointer: "/c", offset: offset, mergeList: list), text)
        }
        XCTAssertEqual(error { try self.apply(.reverse, "<<: {x: 1}\ny: 2\n") }, YAMLError.mergeKey(pointer: "", offset: 0, mergeList: false))
        // A quoted '<<' is a plain key; a `<<` deeper down is not this mapping's.
        XCTAssertEqual(try apply(.reverse, "'<<': 1\ny: 2\n"), "y: 2\n'<<': 1\n")
        XCTAssertEqual(try apply(.reverse, "x: {<<: {k: 1}}\ny: 2\n"), "y: 2\nx: {<<: {k: 1}}\n")
    }

    func testCommentsTravelWithTheirEntry() throws {
        let text = """
            # header, kept apart by a blank line

            # about a
            - a  # a's own
            # about b
            #   more about b
            - b

            # floating, kept by position 1

            - c
            # at the end, kept
            """
        XCTAssertEqual(try apply(.reverse, text), """
            # header, kept apart by a blank line

            - c
            # about b
            #   more about b
            - b

            # floating, kept by position 1

            # about a
            - a  # a's own
            # at the end, kept
            """)
        // Deleting b deletes its comments; position 1 goes, and the
        // comment of the gap after it stays where it was, before c.
        XCTAssertEqual(try apply(delete(1), text), """
            # header, kept apart by a blank line

            # about a
            - a  # a's own

            # floating, kept by position 1

            - c
            # at the end, kept
            """)
        // The first entry's comment lines are its own too.
        XCTAssertEqual(try apply(move(0, -1), "k:\n  # one\n  - 1\n  - 2\n", pointer: "/k"), "k:\n  - 2\n  # one\n  - 1\n")
    }

    func testCRLFAndAByteOrderMark() throws {
        let text = "\u{FEFF}k:\r\n  - b\r\n  - a\r\n"
        XCTAssertEqual(try apply(.sort(SortOptions()), text, pointer: "/k"), "\u{FEFF}k:\r\n  - a\r\n  - b\r\n")
        XCTAssertEqual(try apply(insert(-1, "c"), text, pointer: "/k"), "\u{FEFF}k:\r\n  - b\r\n  - a\r\n  - c\r\n")
        XCTAssertEqual(try apply(insert(-1, "c"), "k:\n  - b", pointer: "/k"), "k:\n  - b\n  - c")
    }

    func testBlockScalarsFlowCollectionsAndQuoting() throws {
        let text = """
            items:
              - |
                two
                lines
              - 'single ''quoted'''
              - "double \\u0041"
              - plain
            map: {b: 2, a: 1, c: 3,}
            """
        XCTAssertEqual(try apply(.sort(SortOptions()), text, pointer: "/items"), """
            items:
              - "double \\u0041"
              - plain
              - 'single ''quoted'''
              - |
                two
                lines
            map: {b: 2, a: 1, c: 3,}
            """)
        XCTAssertEqual(try apply(.sort(SortOptions()), text, pointer: "/map"),
                       text.replacingOccurrences(of: "{b: 2, a: 1, c: 3,}", with: "{a: 1, b: 2, c: 3,}"))
        XCTAssertEqual(try apply(.delete(try select("=single 'quoted'")), text, pointer: "/items"),
                       text.replacingOccurrences(of: "  - 'single ''quoted'''\n", with: ""))
        XCTAssertEqual(try apply(insert(0, "x \"y\""), text, pointer: "/items", asString: true),
                       text.replacingOccurrences(of: "items:\n", with: "items:\n  - \"x \\\"y\\\"\"\n"))
        XCTAssertEqual(try apply(insert(0, "d: 4"), text, pointer: "/map"),
                       text.replacingOccurrences(of: "{b: 2", with: "{d: 4, b: 2"))
        XCTAssertEqual(error { try self.apply(self.insert(0, "a: 9"), text, pointer: "/map") }, YAMLError.keyExists(key: "a"))
    }

    func testEmptyingAndFillingLists() throws {
        XCTAssertEqual(try apply(.delete(try select("0...")), "k: # note\n  - a\n  - b\nz: 1\n", pointer: "/k"),
                       "k: [] # note\nz: 1\n")
        XCTAssertEqual(try apply(.delete(try select("0...")), "a: 1\nb: 2\n"), "{}\n")
        XCTAssertEqual(try apply(insert(0, "x"), "k: []\n", pointer: "/k"), "k: [x]\n")
        XCTAssertEqual(try apply(insert(-1, "y"), "k: [x]\n", pointer: "/k"), "k: [x, y]\n")
    }

    func testWhatItRefuses() throws {
        func refuses(_ text: String, pointer: String = "", document: Int? = nil) -> Bool {
            guard case .some = error({ try self.apply(.reverse, text, pointer: pointer, document: document) }) else { return false }
            return true
        }
        XCTAssertTrue(refuses("k:\n\t- a\n\t- b\n", pointer: "/k"))
        XCTAssertTrue(refuses("? [a]\n: 1\nb: 2\n"))
        XCTAssertTrue(refuses("a: 1\n---\nb: 2\n"))
        XCTAssertEqual(try apply(.reverse, "a: 1\n---\n- x\n- y\n", document: 1), "a: 1\n---\n- y\n- x\n")
        XCTAssertEqual(try apply(.reverse, "a: 1\n---\n- x\n- y\n", document: -1), "a: 1\n---\n- y\n- x\n")
        XCTAssertTrue(refuses("k: |+\n  a\n\nz: 1\n"))
        XCTAssertTrue(refuses("*b : 1\na: 2\n"))
        XCTAssertTrue(refuses("k: [a, # c\n  b]\n", pointer: "/k"))
        XCTAssertEqual(error { try self.apply(.reverse, "k: 1\n", pointer: "/k") }, YAMLError.notAList(pointer: "/k", found: "a scalar", offset: 3))
        XCTAssertEqual(error { try self.apply(.reverse, "k:\n", pointer: "/k") }, YAMLError.notAList(pointer: "/k", found: "null", offset: 0))
    }

    func testAMappingThatStartsAfterItsDash() throws {
        let text = "repos:\n- repo: a\n  rev: 1\n  # about hooks\n  hooks: [x]\n- repo: b\n"
        XCTAssertEqual(try apply(.sort(SortOptions()), text, pointer: "/repos/0"),
                       "repos:\n-\n  # about hooks\n  hooks: [x]\n  repo: a\n  rev: 1\n- repo: b\n")
        XCTAssertEqual(try apply(insert(-1, "extra: 2"), text, pointer: "/repos/0"),
                       "repos:\n- repo: a\n  rev: 1\n  # about hooks\n  hooks: [x]\n  extra: 2\n- repo: b\n")
        XCTAssertEqual(try apply(.delete(try select("0...")), text, pointer: "/repos/0"), "repos:\n- {}\n- repo: b\n")
        XCTAssertEqual(try apply(.reverse, "- - a\n  - b\n- c\n", pointer: "/0"), "- - b\n  - a\n- c\n")
    }
}
