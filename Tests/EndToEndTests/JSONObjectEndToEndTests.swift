import Foundation
import XCTest

/// Object members and JSON with comments through the built binary: sort
/// checked by Python's own JSON reader, the bytes around an edited object,
/// files shaped like a real `tsconfig.json` and `.vscode/settings.json`
/// read as JSONC by their names, and the hints for a selector or pointer
/// written the jq way.
final class JSONObjectEndToEndTests: XCTestCase {
    // MARK: sort against Python

    /// Reads the input and the result with `json.loads(...,
    /// object_pairs_hook=...)`, keeping every object's members in order,
    /// and checks that the result is the input with the members of the
    /// object at the pointer (`--recursive`: of every object at or below
    /// it) in sorted key order, stably, and nothing else moved.
    static let pythonCheck = #"""
        import json, sys

        def pairs(text):
            return json.loads(text, object_pairs_hook=lambda members: ("object", members))

        def sorted_members(value, recursive):
            if isinstance(value, tuple):
                members = [(k, sorted_members(v, recursive) if recursive else v) for k, v in value[1]]
                return ("object", sorted(members, key=lambda member: member[0], reverse=REVERSE))
            if isinstance(value, list):
                return [sorted_members(v, recursive) for v in value] if recursive else value
            return value

        def at(value, tokens):
            for token in tokens:
                value = dict(value[1])[token] if isinstance(value, tuple) else value[int(token)]
            return value

        def replaced(value, tokens, new):
            if not tokens:
                return new
            if isinstance(value, tuple):
                return ("object", [(k, replaced(v, tokens[1:], new) if k == tokens[0] else v) for k, v in value[1]])
            return [replaced(v, tokens[1:], new) if i == int(tokens[0]) else v for i, v in enumerate(value)]

        source, pointer, mode = sys.argv[1], sys.argv[2], sys.argv[3]
        REVERSE = "reverse" in mode
        tokens = [t.replace("~1", "/").replace("~0", "~") for t in pointer.split("/")[1:]]
        original = pairs(open(source, encoding="utf-8").read())
        result = pairs(sys.stdin.read())
        expected = replaced(original, tokens, sorted_members(at(original, tokens), "recursive" in mode))
        if result != expected:
            print("expected", expected)
            print("got     ", result)
            sys.exit(1)
        """#

    func python(_ arguments: [String], stdin: Data) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", Self.pythonCheck] + arguments
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = output
        try process.run()
        input.fileHandleForWriting.write(stdin)
        try input.fileHandleForWriting.close()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    let package = #"""
        {
          "name": "demo",
          "version": "1.0.0",
          "dependencies": {
            "zod": "^3.22.0",
            "react": "^18.2.0",
            "\u0061xios": {"version": "1.6.0", "optional": false},
            "Élan": "1.0.0",
            "@types/node": "20",
            "_private": "0.0.1",
            "日本": "2"
          },
          "scripts": {"test": "jest", "build": "tsc -p .", "lint": "eslint ."},
          "workspaces": [
            {"path": "b", "name": "beta", "meta": {"z": 1, "a": [{"y": 2, "x": 1}]}},
            {"path": "a", "name": "alpha"},
            [{"k": 1, "j": 2}, "x"]
          ],
          "empty": {},
          "numbers": {"big": 1e400, "neg": -0, "frac": 0.1}
        }

        """#

    func testSortAndRecursiveSortAgreeWithPythonsReading() throws {
        let h = try Harness()
        try h.write("package.json", package)
        for (arguments, pointer, mode) in [
            (["-p", "/dependencies"], "/dependencies", ""),
            (["-p", "/dependencies", "--reverse"], "/dependencies", "reverse"),
            (["-p", "/scripts"], "/scripts", ""),
            ([], "", ""),
            (["--recursive"], "", "recursive"),
            (["--recursive", "--reverse"], "", "recursive reverse"),
            (["--recursive", "-p", "/workspaces/0"], "/workspaces/0", "recursive"),
        ] {
            let result = try h.run(["sort"] + arguments + ["package.json", "-o", "-"])
            XCTAssertEqual(result.status, 0, "\(arguments): \(result.stderr)")
            let check = try python([h.url("package.json").path, pointer, mode], stdin: result.stdout)
            XCTAssertEqual(check.status, 0, "\(arguments): \(check.output)\n\(result.out)")
        }
        // A sorted object sorts to itself, byte for byte.
        let sorted = try h.run(["sort", "--recursive", "package.json", "-o", "sorted.json"])
        XCTAssertEqual(sorted.status, 0, sorted.stderr)
        let again = try h.run(["sort", "--recursive", "--check", "sorted.json"])
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(try h.run(["sort", "--recursive", "--check", "package.json"]).status, 1)
    }

    // MARK: Bytes around the object

    func testMovingAMemberLeavesEveryByteOutsideItsObjectAlone() throws {
        let h = try Harness()
        let before = "{\n\t\"name\" : \"demo\",   \"private\":true,\n\n\t\"dependencies\":\t"
        let object = "{\n\t\t\"zod\": \"^3\",\n\t\t\"react\":   \"^18\",\n\t\t\"axios\" :\"1\"\n\t}"
        let after = ",\n\t\"devDependencies\": {\"b\": 1, \"a\": 2}\n}\n\n"
        try h.write("package.json", before + object + after)
        let result = try h.run(["move", "=axios", "0", "-p", "/dependencies", "package.json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try h.text("package.json"),
                       before + "{\n\t\t\"axios\" :\"1\",\n\t\t\"zod\": \"^3\",\n\t\t\"react\":   \"^18\"\n\t}" + after)
        let swap = try h.run(["swap", "=zod", "=react", "-p", "/dependencies", "package.json"])
        XCTAssertEqual(swap.status, 0, swap.stderr)
        XCTAssertEqual(try h.text("package.json"),
                       before + "{\n\t\t\"axios\" :\"1\",\n\t\t\"react\":   \"^18\",\n\t\t\"zod\": \"^3\"\n\t}" + after)
    }

    // MARK: Real-world shaped files, JSONC by their names

    let tsconfig = """
        {
          // Shared settings for every package.
          "extends": "./tsconfig.base.json",

          "compilerOptions": {
            /* Language and environment */
            "target": "ES2022",
            "lib": ["ES2022", "DOM"], // the browser too
            "module": "NodeNext",

            /* Type checking */
            "strict": true /* every strict check */,
            "noUnusedLocals": true,
            "exactOptionalPropertyTypes": true, // see #412

            // Emit
            "outDir": "dist",
            "declaration": true,
          },
          "include": ["src/**/*.ts", "test/**/*.ts",],
        }

        """

    /// `compilerOptions` sorted: each member takes the comment lines
    /// directly above it and the comments after it on its line; the blank
    /// lines stay where they were.
    let sortedCompilerOptions = """
          "compilerOptions": {
            "declaration": true,
            "exactOptionalPropertyTypes": true, // see #412
            "lib": ["ES2022", "DOM"], // the browser too

            "module": "NodeNext",
            "noUnusedLocals": true,
            // Emit
            "outDir": "dist",

            /* Type checking */
            "strict": true /* every strict check */,
            /* Language and environment */
            "target": "ES2022",
          }
        """

    func testTSConfigIsReadWithCommentsByItsName() throws {
        let h = try Harness()
        try h.write("tsconfig.json", tsconfig)
        let sort = try h.run(["sort", "-p", "/compilerOptions", "tsconfig.json"])
        XCTAssertEqual(sort.status, 0, sort.stderr)
        XCTAssertEqual(try h.text("tsconfig.json"), """
            {
              // Shared settings for every package.
              "extends": "./tsconfig.base.json",

            \(sortedCompilerOptions),
              "include": ["src/**/*.ts", "test/**/*.ts",],
            }

            """)

        try h.write("tsconfig.json", tsconfig)
        let recursive = try h.run(["sort", "--recursive", "tsconfig.json"])
        XCTAssertEqual(recursive.status, 0, recursive.stderr)
        XCTAssertEqual(try h.text("tsconfig.json"), """
            {
            \(sortedCompilerOptions),

              // Shared settings for every package.
              "extends": "./tsconfig.base.json",
              "include": ["src/**/*.ts", "test/**/*.ts",],
            }

            """)
        XCTAssertEqual(try h.run(["sort", "--recursive", "--check", "tsconfig.json"]).status, 0)

        // Deleting a member deletes its comments and its position. The
        // blank lines belong to the positions around them and stay
        // between the same members: before `// Emit` still.
        try h.write("tsconfig.json", tsconfig)
        XCTAssertEqual(try h.run(["delete", "=strict", "-p", "/compilerOptions", "tsconfig.json"]).status, 0)
        XCTAssertEqual(try h.text("tsconfig.json"), """
            {
              // Shared settings for every package.
              "extends": "./tsconfig.base.json",

              "compilerOptions": {
                /* Language and environment */
                "target": "ES2022",
                "lib": ["ES2022", "DOM"], // the browser too
                "module": "NodeNext",

                "noUnusedLocals": true,
                "exactOptionalPropertyTypes": true, // see #412

                // Emit
                "outDir": "dist",
                "declaration": true,
              },
              "include": ["src/**/*.ts", "test/**/*.ts",],
            }

            """)
        // A member inserted at the end: the trailing comma stays after the
        // last member.
        try h.write("tsconfig.json", tsconfig)
        XCTAssertEqual(try h.run(["insert", "-1", #""sourceMap": true"#, "-p", "/compilerOptions", "tsconfig.json"]).status, 0)
        XCTAssertEqual(try h.text("tsconfig.json"), tsconfig.replacingOccurrences(
            of: "    \"declaration\": true,\n", with: "    \"declaration\": true,\n    \"sourceMap\": true,\n"))

        // The same text under another name is strict JSON, and the error
        // says what to do.
        try h.write("config.json", tsconfig)
        let strict = try h.run(["sort", "config.json"])
        XCTAssertEqual(strict.status, 2)
        XCTAssertEqual(strict.stderr, "reorder: config.json:2:3: JSON allows no comments; the file is valid JSON with comments: read it with --format jsonc\n")
    }

    let settings = """
        {
            // Editor
            "editor.formatOnSave": true,
            "editor.rulers": [80, 120],
            "files.exclude": {
                "**/.git": true,
                "**/node_modules": true, // big
                "**/dist": true
            },
            /* Python */
            "python.analysis.typeCheckingMode": "strict",
            "[python]": {
                "editor.defaultFormatter": "charliermarsh.ruff",
            },
        }

        """

    func testVSCodeSettingsAreReadWithCommentsByTheirDirectory() throws {
        let h = try Harness()
        try FileManager.default.createDirectory(at: h.url(".vscode"), withIntermediateDirectories: true)
        let path = ".vscode/settings.json"
        try h.write(path, settings)

        let move = try h.run(["move", "=files.exclude", "0", path])
        XCTAssertEqual(move.status, 0, move.stderr)
        XCTAssertEqual(try h.text(path), """
            {
                "files.exclude": {
                    "**/.git": true,
                    "**/node_modules": true, // big
                    "**/dist": true
                },
                // Editor
                "editor.formatOnSave": true,
                "editor.rulers": [80, 120],
                /* Python */
                "python.analysis.typeCheckingMode": "strict",
                "[python]": {
                    "editor.defaultFormatter": "charliermarsh.ruff",
                },
            }

            """)

        try h.write(path, settings)
        let inner = try h.run(["sort", "-p", "/files.exclude", path, "-o", "-"])
        XCTAssertEqual(inner.status, 0, inner.stderr)
        XCTAssertEqual(inner.out, settings.replacingOccurrences(of: """
                    "**/.git": true,
                    "**/node_modules": true, // big
                    "**/dist": true
            """, with: """
                    "**/.git": true,
                    "**/dist": true,
                    "**/node_modules": true // big
            """))

        let check = try h.run(["sort", "--recursive", "--check", path])
        XCTAssertEqual(check.status, 1)
        XCTAssertEqual(check.out, path + "\n")
        let recursive = try h.run(["sort", "--recursive", path])
        XCTAssertEqual(recursive.status, 0, recursive.stderr)
        XCTAssertEqual(try h.text(path), """
            {
                "[python]": {
                    "editor.defaultFormatter": "charliermarsh.ruff",
                },
                // Editor
                "editor.formatOnSave": true,
                "editor.rulers": [80, 120],
                "files.exclude": {
                    "**/.git": true,
                    "**/dist": true,
                    "**/node_modules": true // big
                },
                /* Python */
                "python.analysis.typeCheckingMode": "strict",
            }

            """)

        let insert = try h.run(["insert", "-1", #""editor.tabSize": 4"#, path, "-o", "-"])
        XCTAssertEqual(insert.status, 0, insert.stderr)
        XCTAssertTrue(insert.out.hasSuffix("""
                /* Python */
                "python.analysis.typeCheckingMode": "strict",
                "editor.tabSize": 4,
            }

            """), insert.out)
        let delete = try h.run(["delete", "=editor.formatOnSave", path, "-o", "-"])
        XCTAssertEqual(delete.status, 0, delete.stderr)
        XCTAssertTrue(delete.out.hasPrefix("""
            {
                "[python]": {
                    "editor.defaultFormatter": "charliermarsh.ruff",
                },
                "editor.rulers": [80, 120],
            """), delete.out)
        let taken = try h.run(["insert", "0", #""editor.rulers": []"#, path])
        XCTAssertEqual(taken.status, 2)
        XCTAssertEqual(taken.stderr, "reorder: .vscode/settings.json: the object has the key 'editor.rulers' already; delete or replace that member instead (select it with =editor.rulers)\n")
    }

    // MARK: Hints

    func testAValueSelectorOnObjectsSuggestsTheKeyThatHoldsIt() throws {
        let h = try Harness()
        try h.write("plugins.json", #"[{"name": "utils", "meta": {"id": "core"}}, {"name": "core"}]"#)
        let result = try h.run(["move", "=core", "0", "plugins.json"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "reorder: plugins.json: '=core' selects no item, but an item has 'core' at '/name': did you mean '--key /name'?\n")
        let deeper = try h.run(["delete", "=core", "--format", "jsonc", "-p", "/0"], stdin: Data(#"[{"a": {"id": "core"}}]"#.utf8))
        XCTAssertEqual(deeper.stderr, "reorder: <stdin>: '=core' selects no item, but an item has 'core' at '/id': did you mean '--key /id'?\n")
        let followed = try h.run(["move", "=core", "0", "--key", "/name", "plugins.json", "-o", "-"])
        XCTAssertEqual(followed.status, 0, followed.stderr)
        XCTAssertEqual(followed.out, #"[{"name": "core"}, {"name": "utils", "meta": {"id": "core"}}]"#)
        // Nothing holds the text: the plain message.
        let none = try h.run(["move", "=kiwi", "0", "plugins.json"])
        XCTAssertEqual(none.stderr, "reorder: plugins.json: '=kiwi' selects no item; add --missing-ok to change nothing instead\n")
    }

    func testAJQPathSuggestsTheJSONPointer() throws {
        let h = try Harness()
        try h.write("package.json", #"{"plugins": [{"name": "b"}, {"name": "a"}]}"#)
        let pointer = try h.run(["sort", "-p", ".plugins", "package.json"])
        XCTAssertEqual(pointer.status, 2)
        XCTAssertEqual(pointer.stderr, "reorder: '.plugins' is a jq path, not a JSON Pointer (RFC 6901); did you mean '-p /plugins'?\n")
        let key = try h.run(["sort", "-p", "/plugins", "--key", ".name", "package.json"])
        XCTAssertEqual(key.stderr, "reorder: '.name' is a jq path, not a JSON Pointer (RFC 6901); did you mean '--key /name'?\n")
        let indexed = try h.run(["reverse", "-p", #".plugins[0]["na me"]"#, "package.json"])
        XCTAssertEqual(indexed.stderr, "reorder: '.plugins[0][\"na me\"]' is a jq path, not a JSON Pointer (RFC 6901); did you mean '-p /plugins/0/na me'?\n")
        XCTAssertEqual(try h.run(["sort", "-p", "/plugins", "--key", "/name", "package.json"]).status, 0)
    }
}
