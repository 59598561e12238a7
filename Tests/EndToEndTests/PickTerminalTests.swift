import Foundation
import XCTest

/// `reorder pick` in a real terminal: tmux (Debian package `tmux`) runs it
/// in a detached pane on a private socket, the test types keys with
/// `send-keys` and reads the screen with `capture-pane`, then compares the
/// file's exact bytes, the exit status, and the terminal's modes before
/// and after (`stty -a` inside the pane).
final class PickTerminalTests: XCTestCase {
    /// One tmux server and its pane, running `reorder pick` from a script
    /// in the test's directory:
    ///
    ///     stty -a > before
    ///     reorder pick ARGUMENTS 2> err      (its pid in `pid`)
    ///     echo $? > status
    ///     stty -a > after.part; mv after.part after
    ///
    /// The pane stays open after, so that its screen can be read.
    final class Pane {
        let tmux: String
        let socket: String
        let harness: Harness
        let home: Harness

        init(tmux: String, harness: Harness) throws {
            self.tmux = tmux
            self.harness = harness
            home = try Harness()
            socket = home.directory.appendingPathComponent("sock").path
        }

        deinit { stop() }

        func stop() {
            _ = try? run(["kill-server"])
        }

        /// `tmux -S SOCKET arguments`; its standard output.
        ///
        /// Started with posix_spawn and waited for with waitpid, output to
        /// a file: the server that `new-session` starts outlives the
        /// client and would hold a pipe, or Foundation's watch on the
        /// child, open.
        @discardableResult
        func run(_ arguments: [String]) throws -> String {
            let outPath = home.directory.appendingPathComponent("out").path
            var environment = ProcessInfo.processInfo.environment
            environment.removeValue(forKey: "TMUX")
            environment["LANG"] = "C.UTF-8"
            environment["LC_ALL"] = "C.UTF-8"
            let argv = ([tmux, "-S", socket, "-f", "/dev/null"] + arguments).map { strdup($0) } + [nil]
            let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
            defer {
                for pointer in argv { free(pointer) }
                for pointer in envp { free(pointer) }
            }
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
            var pid: pid_t = 0
            let result = posix_spawn(&pid, tmux, &actions, nil, argv, envp)
            guard result == 0 else { throw POSIXError(POSIXErrorCode(rawValue: result) ?? .EIO) }
            var status: Int32 = 0
            while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
            return String(decoding: try Data(contentsOf: URL(fileURLWithPath: outPath)), as: UTF8.self)
        }

        /// Starts `reorder pick` with `arguments` (shell words, quoted by
        /// the caller) in a pane of `columns` by `rows`.
        /// `color`: without NO_COLOR in the pane's environment.
        func start(_ arguments: String, columns: Int = 60, rows: Int = 15, color: Bool = false,
                   environment: String = "") throws {
            let binary = Harness.binary.path.replacingOccurrences(of: "'", with: #"'\''"#)
            let script = """
                stty -a > before
                \(environment) sh -c 'echo $$ > pid; exec "$0" "$@"' '\(binary)' pick \(arguments) 2> err
                echo $? > status.part
                mv status.part status
                stty -a > after.part
                mv after.part after
                exec sleep 600

                """
            try harness.write("run.sh", script)
            try run(["new-session", "-d", "-x", "\(columns)", "-y", "\(rows)", "-c", harness.directory.path,
                     "env -u NO_COLOR TERM=xterm-256color \(color ? "" : "NO_COLOR=1 ")LANG=C.UTF-8 sh run.sh"])
        }

        func screen() throws -> String {
            try run(["capture-pane", "-p"])
        }

        /// The screen once `condition` holds; fails after 20 seconds.
        @discardableResult
        func waitForScreen(_ what: String, file: StaticString = #filePath, line: UInt = #line,
                           _ condition: (String) -> Bool) throws -> String {
            let deadline = Date().addingTimeInterval(20)
            var shown = ""
            while Date() < deadline {
                shown = try screen()
                if condition(shown) { return shown }
                usleep(30_000)
            }
            XCTFail("the screen never showed \(what):\n\(shown)", file: file, line: line)
            return shown
        }

        @discardableResult
        func waitForScreen(showing text: String, file: StaticString = #filePath, line: UInt = #line) throws -> String {
            try waitForScreen("'\(text)'", file: file, line: line) { $0.contains(text) }
        }

        func keys(_ keys: String...) throws {
            try run(["send-keys", "-t", "0"] + keys)
        }

        /// `reorder`'s exit status, once it has ended; nil after 20 seconds.
        func status(file: StaticString = #filePath, line: UInt = #line) throws -> Int32? {
            let deadline = Date().addingTimeInterval(20)
            while Date() < deadline {
                if let text = try? harness.text("status") {
                    return Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
                }
                usleep(30_000)
            }
            XCTFail("reorder pick did not end; the screen:\n\((try? screen()) ?? "")", file: file, line: line)
            return nil
        }

        /// The pane shows its alternate screen.
        func alternateScreen() throws -> Bool {
            try run(["display-message", "-p", "-t", "0", "#{alternate_on}"]).hasPrefix("1")
        }

        /// The terminal's modes are the same after as before, and the
        /// alternate screen is left.
        func assertTerminalRestored(file: StaticString = #filePath, line: UInt = #line) throws {
            let deadline = Date().addingTimeInterval(20)
            while Date() < deadline && (try? harness.text("after")) == nil { usleep(30_000) }
            let before = try harness.text("before"), after = try harness.text("after")
            XCTAssertFalse(before.isEmpty, file: file, line: line)
            XCTAssertEqual(after, before, "stty -a after differs from before", file: file, line: line)
            XCTAssertFalse(try alternateScreen(), "the alternate screen is still shown", file: file, line: line)
            XCTAssertEqual(try mouseModes(), "0 0 0", "the mouse is still reported", file: file, line: line)
        }

        /// Whether the pane reports the mouse: any button event, motion
        /// while a button is held, in the SGR form ("1 1 1" while pick runs).
        func mouseModes() throws -> String {
            try run(["display-message", "-p", "-t", "0", "#{mouse_any_flag} #{mouse_button_flag} #{mouse_sgr_flag}"])
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }

        /// Mouse reports as xterm's SGR form sends them (`ESC [ < b ; x ; y
        /// M`, `m` for a release), as raw bytes to the pane: `(b, column,
        /// row, released)`.
        func mouse(_ reports: [(Int, Int, Int, Bool)]) throws {
            for (button, column, row, released) in reports {
                let text = "\u{1B}[<\(button);\(column);\(row)\(released ? "m" : "M")"
                try run(["send-keys", "-t", "0", "-H"] + text.utf8.map { String($0, radix: 16) })
                usleep(20_000)
            }
        }
    }

    /// `reorder pick list.txt` on a `list.txt` of `text`, in a pane, once
    /// the screen shows `ready`: `body` gets the test's directory, the pane
    /// and that screen; the pane is stopped after it.
    func picking(_ text: String, until ready: String, file: StaticString = #filePath, line: UInt = #line,
                 _ body: (Harness, Pane, String) throws -> Void) throws {
        let h = try Harness()
        try h.write("list.txt", text)
        guard let pane = try pane(h) else { return }
        defer { pane.stop() }
        try pane.start("list.txt")
        try body(h, pane, try pane.waitForScreen(showing: ready, file: file, line: line))
    }

    func pane(_ h: Harness) throws -> Pane? {
        guard let tmux = try tool("tmux", package: "tmux") else { return nil }
        return try Pane(tmux: tmux, harness: h)
    }

    /// The lines of the list on the screen: those that start with the
    /// cursor, mark and drag columns and an index.
    func listLines(_ screen: String) -> [String] {
        screen.split(separator: "\n").map(String.init).filter { $0.range(of: #"^[> ][* ][= ] +\d+ "#, options: .regularExpression) != nil }
    }

    /// What `reorder` wrote on standard error.
    func errors(_ h: Harness) -> String {
        (try? h.text("err")) ?? ""
    }

    func modificationTime(_ h: Harness, _ name: String) throws -> Date {
        try FileManager.default.attributesOfItem(atPath: h.url(name).path)[.modificationDate] as! Date
    }

    // MARK: - Moves written

    func testADraggedItemIsWrittenAndTheTerminalRestored() throws {
        try picking("alpha\nbeta\ngamma\ndelta\n", until: "3 delta") { h, pane, screen in
            XCTAssertTrue(screen.contains("list.txt"), screen)
            XCTAssertEqual(listLines(screen), [">   0 alpha", "    1 beta", "    2 gamma", "    3 delta"])
            try pane.keys("Space", "j", "j")
            let dragging = try pane.waitForScreen(showing: "DRAG")
            XCTAssertEqual(listLines(dragging), ["    1 beta", "    2 gamma", "> = 0 alpha", "    3 delta"])
            try pane.keys("Space")
            try pane.waitForScreen(showing: "1 moved")
            try pane.keys("w")
            XCTAssertEqual(try pane.status(), 0, errors(h))
            XCTAssertEqual(try h.text("list.txt"), "beta\ngamma\nalpha\ndelta\n")
            XCTAssertEqual(try h.text("err"), "")
            try pane.assertTerminalRestored()
        }
    }

    func testEscPutsBackAndQLeavesTheFileAsItWas() throws {
        let h = try Harness()
        try h.write("list.txt", "a\nb\nc\n")
        let before = try modificationTime(h, "list.txt")
        guard let pane = try pane(h) else { return }
        defer { pane.stop() }
        try pane.start("list.txt")
        try pane.waitForScreen(showing: "2 c")
        try pane.keys("Space", "j", "j")
        try pane.waitForScreen(showing: "DRAG")
        try pane.keys("Escape")
        let putBack = try pane.waitForScreen(showing: "put back")
        XCTAssertEqual(listLines(putBack), [">   0 a", "    1 b", "    2 c"])
        try pane.keys("Q")
        XCTAssertEqual(try pane.status(), 1)
        XCTAssertEqual(try h.text("list.txt"), "a\nb\nc\n")
        XCTAssertEqual(try modificationTime(h, "list.txt"), before)
        XCTAssertEqual(try h.text("err"), "reorder: left without writing; nothing is written\n")
        try pane.assertTerminalRestored()
    }

    func testMarkedItemsAreDraggedAsOneBlock() throws {
        try picking("a\nb\nc\nd\ne\nf\n", until: "5 f") { h, pane, _ in
            // Mark a and c, grab c: they close up around it, then go last.
            try pane.keys("v", "j", "j", "v")
            try pane.waitForScreen(showing: "marked 2")
            try pane.keys("Space")
            let grabbed = try pane.waitForScreen(showing: "DRAG 2 items")
            XCTAssertEqual(listLines(grabbed), ["    1 b", " *= 0 a", ">*= 2 c", "    3 d", "    4 e", "    5 f"])
            try pane.keys("G", "Space", "w")
            XCTAssertEqual(try pane.status(), 0, errors(h))
            XCTAssertEqual(try h.text("list.txt"), "b\nd\ne\nf\na\nc\n")
        }
    }

    func testUndoAndRedoOfDrops() throws {
        try picking("a\nb\nc\nd\n", until: "3 d") { h, pane, _ in
            // a after b; then c after d; undo both, redo the first.
            try pane.keys("Space", "j", "Space", "j", "Space", "j", "Space")
            try pane.waitForScreen(showing: "2 moved")
            try pane.keys("u", "u")
            let undone = try pane.waitForScreen(showing: "no change")
            XCTAssertEqual(listLines(undone).map { $0.dropFirst(4) }, ["0 a", "1 b", "2 c", "3 d"])
            try pane.keys("C-r")
            try pane.waitForScreen(showing: "redone")
            try pane.keys("w")
            XCTAssertEqual(try pane.status(), 0, errors(h))
            XCTAssertEqual(try h.text("list.txt"), "b\na\nc\nd\n")
        }
    }

    func testQuitAsksWhetherToWrite() throws {
        try picking("a\nb\n", until: "1 b") { h, pane, _ in
            try pane.keys("Space", "j", "Space", "q")
            try pane.waitForScreen(showing: "write changes? [y/n/Esc]")
            // Esc goes back; n leaves without writing.
            try pane.keys("Escape")
            try pane.waitForScreen(showing: "1 moved")
            try pane.keys("q")
            try pane.waitForScreen(showing: "write changes?")
            try pane.keys("n")
            XCTAssertEqual(try pane.status(), 1)
            XCTAssertEqual(try h.text("list.txt"), "a\nb\n")
            XCTAssertEqual(try h.text("err"), "reorder: changes not written; nothing is written\n")
            pane.stop()

            // y writes.
            try FileManager.default.removeItem(at: h.url("status"))
            let again = try Pane(tmux: pane.tmux, harness: h)
            defer { again.stop() }
            try again.start("list.txt")
            try again.waitForScreen(showing: "1 b")
            try again.keys("Space", "j", "Space", "q")
            try again.waitForScreen(showing: "write changes?")
            try again.keys("y")
            XCTAssertEqual(try again.status(), 0, errors(h))
            XCTAssertEqual(try h.text("list.txt"), "b\na\n")
        }
    }

    func testQuitWithoutAChangeWritesNothing() throws {
        let h = try Harness()
        try h.write("list.txt", "a\nb\n")
        let before = try modificationTime(h, "list.txt")
        guard let pane = try pane(h) else { return }
        defer { pane.stop() }
        try pane.start("list.txt")
        try pane.waitForScreen(showing: "1 b")
        // A drop where it was is no change.
        try pane.keys("Space", "Space", "q")
        XCTAssertEqual(try pane.status(), 0, errors(h))
        XCTAssertEqual(try h.text("list.txt"), "a\nb\n")
        XCTAssertEqual(try modificationTime(h, "list.txt"), before)
    }

    func testColourShowsTheCursorAndTheDragUnlessNoColor() throws {
        let h = try Harness()
        try h.write("list.txt", "a\nb\nc\n")
        guard let pane = try pane(h) else { return }
        defer { pane.stop() }
        try pane.start("list.txt", color: true)
        try pane.waitForScreen(showing: "2 c")
        try pane.keys("v", "Space", "j")
        try pane.waitForScreen(showing: "DRAG")
        let escapes = try pane.run(["capture-pane", "-p", "-e"])
        let cursorLine = escapes.split(separator: "\n").first { $0.contains(">*= 0 a") }.map(String.init) ?? ""
        // tmux writes the attributes back as it likes: `ESC[1;7m`, `ESC[7m`...
        func has(_ attribute: Int) -> Bool {
            cursorLine.range(of: "\u{1B}\\[([0-9;]*;)?\(attribute)(;[0-9;]*)?m", options: .regularExpression) != nil
        }
        XCTAssertTrue(has(7), "the cursor in reverse video: \(escapes)")
        XCTAssertTrue(has(1), "what is dragged in bold: \(escapes)")
        try pane.keys("Escape", "Q")
        XCTAssertEqual(try pane.status(), 1)
        pane.stop()

        // NO_COLOR: no colour, the markers only.
        try FileManager.default.removeItem(at: h.url("status"))
        let plain = try Pane(tmux: pane.tmux, harness: h)
        defer { plain.stop() }
        try plain.start("list.txt")
        try plain.waitForScreen(showing: "2 c")
        try plain.keys("Space")
        try plain.waitForScreen(showing: "DRAG")
        let noColor = try plain.run(["capture-pane", "-p", "-e"])
        XCTAssertFalse(noColor.contains("\u{1B}["), noColor)
        XCTAssertTrue(noColor.contains("> = 0 a"), noColor)
    }

    // MARK: - The mouse

    func testTheMouseDragsAnItemAndTheWheelMovesTheCursor() throws {
        try picking("alpha\nbeta\ngamma\ndelta\n", until: "3 delta") { h, pane, _ in
            XCTAssertEqual(try pane.mouseModes(), "1 1 1")
            // Press on alpha (screen row 2), drag over beta and gamma,
            // release on delta's row (5).
            try pane.mouse([(0, 10, 2, false), (32, 10, 3, false), (32, 11, 4, false), (0, 11, 5, true)])
            let dropped = try pane.waitForScreen(showing: "1 moved")
            XCTAssertEqual(listLines(dropped), ["    1 beta", "    2 gamma", "    3 delta", ">   0 alpha"])
            // The wheel: up three rows, a click elsewhere only moves the cursor.
            try pane.mouse([(64, 5, 3, false)])
            let wheeled = try pane.waitForScreen("the cursor on beta") { listLines($0).first == ">   1 beta" }
            XCTAssertEqual(listLines(wheeled).count, 4)
            try pane.mouse([(0, 5, 3, false), (0, 5, 3, true)])
            try pane.waitForScreen("the cursor on gamma") { listLines($0).dropFirst().first == ">   2 gamma" }
            try pane.keys("w")
            XCTAssertEqual(try pane.status(), 0, errors(h))
            XCTAssertEqual(try h.text("list.txt"), "beta\ngamma\ndelta\nalpha\n")
            try pane.assertTerminalRestored()
        }
    }

    // MARK: - Several lists

    static let package = """
        {
          "name": "app",
          "dependencies": {
            "left-pad": "^1.3.0",
            "react": "^18.2.0"
          },
          "devDependencies": {
            "jest": "^29.0.0",
            "typescript": "^5.4.0"
          }
        }

        """

    /// The list lines and the headers (`── LIST · N items`) on the screen.
    func sectionLines(_ screen: String) -> [String] {
        screen.split(separator: "\n").map(String.init).filter {
            $0.hasPrefix("── ") || $0.range(of: #"^[> ][* ][= ] +\d+:\d+ "#, options: .regularExpression) != nil
        }
    }

    func testAnItemDraggedWithTheKeysAcrossAHeaderMovesIntoThatList() throws {
        let h = try Harness()
        try h.write("package.json", Self.package)
        guard let pane = try pane(h) else { return }
        defer { pane.stop() }
        try pane.start("-p /dependencies -p /devDependencies package.json")
        let screen = try pane.waitForScreen(showing: "typescript")
        XCTAssertEqual(sectionLines(screen), [
            "── /dependencies · 2 items", ">   0:0 \"left-pad\": \"^1.3.0\"", "    0:1 \"react\": \"^18.2.0\"",
            "── /devDependencies · 2 items", "    1:0 \"jest\": \"^29.0.0\"", "    1:1 \"typescript\": \"^5.4.0\"",
        ])
        // typescript up past the header: the last of /dependencies.
        try pane.keys("G", "Space", "k", "k")
        let dragging = try pane.waitForScreen(showing: "/devDependencies · 1 item")
        XCTAssertEqual(sectionLines(dragging)[3], "> = 1:1 \"typescript\": \"^5.4.0\"")
        XCTAssertEqual(sectionLines(dragging)[4], "── /devDependencies · 1 item")
        try pane.keys("Space")
        try pane.waitForScreen(showing: "1 moved")
        try pane.keys("w")
        XCTAssertEqual(try pane.status(), 0, errors(h))
        XCTAssertEqual(try h.text("package.json"), """
            {
              "name": "app",
              "dependencies": {
                "left-pad": "^1.3.0",
                "react": "^18.2.0",
                "typescript": "^5.4.0"
              },
              "devDependencies": {
                "jest": "^29.0.0"
              }
            }

            """)
        XCTAssertEqual(try h.text("err"), "")
        try pane.assertTerminalRestored()
    }

    func testCommentHeadingsAreHeaderRowsThatStayAndAnItemDraggedPastOneJoinsItsGroup() throws {
        let h = try Harness()
        let toml = "dependencies = [\n    # web\n    \"requests\",\n    \"flask\",\n    # storage\n    \"sqlalchemy\",\n    \"alembic\",\n]\n"
        try h.write("p.toml", toml)
        guard let pane = try pane(h) else { return }
        defer { pane.stop() }
        try pane.start("--groups comments -p /dependencies p.toml")
        let screen = try pane.waitForScreen(showing: "alembic")
        XCTAssertEqual(sectionLines(screen), [
            "── # web · 2 items", ">   0:0 \"requests\"", "    0:1 \"flask\"",
            "── # storage · 2 items", "    1:0 \"sqlalchemy\"", "    1:1 \"alembic\"",
        ])
        // flask down past '# storage': the first of that group.
        try pane.keys("j", "Space", "j")
        try pane.waitForScreen(showing: "# web · 1 item")
        try pane.keys("Space")
        try pane.waitForScreen(showing: "1 moved")
        try pane.keys("w")
        XCTAssertEqual(try pane.status(), 0, errors(h))
        XCTAssertEqual(try h.text("p.toml"),
                       "dependencies = [\n    # web\n    \"requests\",\n    # storage\n    \"flask\",\n    \"sqlalchemy\",\n    \"alembic\",\n]\n")
        XCTAssertEqual(try h.text("err"), "")
        try pane.assertTerminalRestored()
    }

    func testTheMouseDragsATaskAcrossHeadersOfAKanban() throws {
        let h = try Harness()
        try h.write("TODO.md", "# Todo\n\n- write the docs\n- fix the parser\n\n# Doing\n\n- review #12\n\n# Done\n\n- release 1.3\n")
        guard let pane = try pane(h) else { return }
        defer { pane.stop() }
        try pane.start("-p /Todo -p /Doing -p /Done TODO.md")
        try pane.waitForScreen(showing: "release 1.3")
        XCTAssertEqual(try pane.mouseModes(), "1 1 1")
        // Rows: 1 the title, 2 /Todo, 3 write, 4 fix, 5 /Doing, 6 review,
        // 7 /Done, 8 release. Press on "fix the parser", drag it down,
        // release on row 6: below review, the last of /Doing.
        try pane.mouse([(0, 12, 4, false), (32, 12, 5, false), (32, 12, 6, false), (0, 12, 6, true)])
        let dropped = try pane.waitForScreen(showing: "1 moved")
        XCTAssertEqual(sectionLines(dropped), [
            "── /Todo · 1 item", "    0:0 write the docs", "── /Doing · 2 items", "    1:0 review #12",
            ">   0:1 fix the parser", "── /Done · 1 item", "    2:0 release 1.3",
        ])
        // review #12 (row 5 now) into /Done, below release (row 8).
        try pane.mouse([(0, 8, 5, false), (32, 8, 8, false), (0, 8, 8, true)])
        try pane.waitForScreen(showing: "2 moved")
        try pane.keys("w")
        XCTAssertEqual(try pane.status(), 0, errors(h))
        XCTAssertEqual(try h.text("TODO.md"),
                       "# Todo\n\n- write the docs\n\n# Doing\n\n- fix the parser\n\n# Done\n\n- release 1.3\n- review #12\n")
        try pane.assertTerminalRestored()
    }

    func testPrintWithSeveralListsPrintsABatchOfIndexPaths() throws {
        let h = try Harness()
        try h.write("package.json", Self.package)
        guard let pane = try pane(h) else { return }
        defer { pane.stop() }
        try pane.start("--print -p /dependencies -p /devDependencies package.json > ops.txt")
        try pane.waitForScreen(showing: "typescript")
        // left-pad down into /devDependencies (first), jest up to the top.
        try pane.keys("Space", "j", "j", "Space", "j", "Space", "g", "Space", "w")
        XCTAssertEqual(try pane.status(), 0, errors(h))
        XCTAssertEqual(try h.text("package.json"), Self.package, "--print writes nothing")
        XCTAssertEqual(try h.text("ops.txt"), "move 1:0 0:0\nmove 0:0 1:0\n")
        let applied = try h.run(["batch", "-f", "ops.txt", "-p", "/dependencies", "-p", "/devDependencies", "package.json"])
        XCTAssertEqual(applied.status, 0, applied.stderr)
        XCTAssertEqual(try h.text("package.json"), """
            {
              "name": "app",
              "dependencies": {
                "jest": "^29.0.0",
                "react": "^18.2.0"
              },
              "devDependencies": {
                "left-pad": "^1.3.0",
                "typescript": "^5.4.0"
              }
            }

            """)
    }

    func testAFileChangedWhileSeveralListsAreOpenKeepsAScriptOfIndexPaths() throws {
        let h = try Harness()
        try h.write("package.json", Self.package)
        let folder = try temporaryFolder(h)
        guard let pane = try pane(h) else { return }
        defer { pane.stop() }
        try pane.start("-p /dependencies -p /devDependencies package.json", environment: "TMPDIR='\(folder.path)'")
        try pane.waitForScreen(showing: "typescript")
        try pane.keys("j", "Space", "j", "j", "Space")
        try pane.waitForScreen(showing: "1 moved")
        try shell(h, "sed -i 's/app/App/' package.json")
        try pane.keys("w")
        XCTAssertEqual(try pane.status(), 2)
        let kept = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        XCTAssertEqual(kept.count, 1)
        let script = try String(contentsOf: folder.appendingPathComponent(kept[0]), encoding: .utf8)
        XCTAssertEqual(script.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.isEmpty }, ["move 0:=react 1:1"])
        XCTAssertTrue(errors(h).contains("--pointer /dependencies --pointer /devDependencies"), errors(h))
        // Each item named by value: batch applies it to the changed file.
        let applied = try h.run(["batch", "-f", folder.appendingPathComponent(kept[0]).path, "package.json",
                                 "-p", "/dependencies", "-p", "/devDependencies"])
        XCTAssertEqual(applied.status, 0, applied.stderr)
        XCTAssertEqual(try h.text("package.json"), Self.package.replacingOccurrences(of: "app", with: "App")
            .replacingOccurrences(of: "\"left-pad\": \"^1.3.0\",\n    \"react\": \"^18.2.0\"", with: "\"left-pad\": \"^1.3.0\"")
            .replacingOccurrences(of: "\"jest\": \"^29.0.0\",", with: "\"jest\": \"^29.0.0\",\n    \"react\": \"^18.2.0\","))
        try pane.assertTerminalRestored()
    }

    // MARK: - The terminal given back

    func testCtrlCLeavesAndRestoresTheTerminal() throws {
        try picking("a\nb\n", until: "1 b") { h, pane, _ in
            XCTAssertTrue(try pane.alternateScreen())
            try pane.keys("Space", "j", "Space", "C-c")
            XCTAssertEqual(try pane.status(), 1)
            XCTAssertEqual(try h.text("list.txt"), "a\nb\n")
            XCTAssertEqual(try h.text("err"), "reorder: left without writing; nothing is written\n")
            try pane.assertTerminalRestored()
        }
    }

    func testSIGTERMRestoresTheTerminal() throws {
        try picking("a\nb\n", until: "1 b") { h, pane, _ in
            try pane.keys("Space", "j")
            try pane.waitForScreen(showing: "DRAG")
            guard let pid = Int32(try h.text("pid").trimmingCharacters(in: .whitespacesAndNewlines)) else {
                return XCTFail("no pid")
            }
            XCTAssertEqual(kill(pid, SIGTERM), 0)
            XCTAssertEqual(try pane.status(), 128 + SIGTERM)
            XCTAssertEqual(try h.text("list.txt"), "a\nb\n")
            try pane.assertTerminalRestored()
        }
    }

    // MARK: - Sizes

    func testAResizeRedrawsToTheNewSize() throws {
        let h = try Harness()
        try h.write("list.txt", (0..<30).map { "item \($0) with a text long enough to be shortened on a narrow screen\n" }.joined())
        guard let pane = try pane(h) else { return }
        defer { pane.stop() }
        try pane.start("list.txt", columns: 60, rows: 15)
        let wide = try pane.waitForScreen(showing: "12 item 12")
        XCTAssertEqual(listLines(wide).count, 13, wide)
        XCTAssertTrue(listLines(wide).allSatisfy { $0.count == 60 && $0.hasSuffix("…") }, wide)

        try pane.run(["resize-window", "-t", "0", "-x", "40", "-y", "8"])
        let narrow = try pane.waitForScreen("the narrower layout") { listLines($0).count == 6 }
        let lines = narrow.split(separator: "\n", omittingEmptySubsequences: false).prefix(8)
        XCTAssertTrue(lines.allSatisfy { $0.count <= 40 }, narrow)
        XCTAssertTrue(listLines(narrow).allSatisfy { $0.count == 40 && $0.hasSuffix("…") }, narrow)
        XCTAssertTrue(lines.last?.contains("1/30") == true, "the status line is the last: \(narrow)")

        // The cursor stays in view: the list scrolls.
        try pane.keys("G")
        let bottom = try pane.waitForScreen(showing: "30/30")
        XCTAssertTrue(listLines(bottom).last?.hasPrefix(">   29 item 29") == true, bottom)

        // A tiny terminal does not end it.
        try pane.run(["resize-window", "-t", "0", "-x", "3", "-y", "1"])
        try pane.waitForScreen("one line") { $0.split(separator: "\n").first?.hasPrefix(">") == true }
        try pane.run(["resize-window", "-t", "0", "-x", "50", "-y", "10"])
        try pane.waitForScreen(showing: "30/30")
        try pane.keys("Space", "g", "Space", "w")
        XCTAssertEqual(try pane.status(), 0, errors(h))
        XCTAssertTrue(try h.text("list.txt").hasPrefix("item 29 with"))
    }

    // MARK: - Formats and bytes

    func testJSONObjectsOfSeveralLinesShowOnOneAndKeepTheirBytes() throws {
        let h = try Harness()
        let json = """
            {
              "steps": [
                {
                  "name": "a",
                  "run": "make"
                },
                {"name": "b"},
                {
                  "name": "c"
                }
              ]
            }

            """
        try h.write("ci.json", json)
        try h.write("expected.json", json)
        XCTAssertEqual(try h.run(["move", "0", "-1", "-p", "/steps", "expected.json"]).status, 0)
        guard let pane = try pane(h) else { return }
        defer { pane.stop() }
        try pane.start("-p /steps ci.json")
        let screen = try pane.waitForScreen(showing: "2 {")
        XCTAssertTrue(screen.contains("ci.json /steps"), screen)
        let lines = listLines(screen)
        XCTAssertEqual(lines.count, 3, screen)
        // One line, as `edit` shows it: the value as `insert` would take it.
        XCTAssertEqual(lines, [">   0 {\"name\": \"a\", \"run\": \"make\"}", "    1 {\"name\": \"b\"}", "    2 {\"name\": \"c\"}"])
        try pane.keys("Space", "G", "Space", "w")
        XCTAssertEqual(try pane.status(), 0, errors(h))
        XCTAssertEqual(try h.read("ci.json"), try h.read("expected.json"))
        XCTAssertTrue(try h.text("ci.json").contains("{\n      \"name\": \"a\",\n      \"run\": \"make\"\n    }\n  ]"))
    }

    func testACRLFFileWithoutAFinalNewlineKeepsItsBytes() throws {
        try picking("a\r\nb\r\nc", until: "2 c") { h, pane, _ in
            try pane.keys("Space", "G", "Space", "w")
            XCTAssertEqual(try pane.status(), 0, errors(h))
            let expected = try h.run(["move", "0", "-1", "-o", "-"], stdin: Data("a\r\nb\r\nc".utf8))
            XCTAssertEqual(try h.read("list.txt"), [UInt8](expected.stdout))
            XCTAssertEqual(try h.text("list.txt"), "b\r\nc\r\na")
        }
    }

    /// A CSV file: the header is not an item; a row with a quoted line
    /// break shows on one line and keeps its bytes.
    func testCSVRowsShowOnOneLineAndTheHeaderStaysFirst() throws {
        let h = try Harness()
        let text = "name,note\r\nzed,\"two\nlines\"\r\nbob,x\r\nal,y"
        try h.write("p.csv", text)
        try h.write("expected.csv", text)
        XCTAssertEqual(try h.run(["move", "0", "-1", "expected.csv"]).status, 0)
        guard let pane = try pane(h) else { return }
        defer { pane.stop() }
        try pane.start("p.csv")
        let screen = try pane.waitForScreen(showing: "2 al,y")
        XCTAssertEqual(listLines(screen), [">   0 zed,\"two lines\"", "    1 bob,x", "    2 al,y"])
        try pane.keys("Space", "G", "Space", "w")
        XCTAssertEqual(try pane.status(), 0, errors(h))
        XCTAssertEqual(try h.read("p.csv"), try h.read("expected.csv"))
        XCTAssertEqual(try h.text("p.csv"), "name,note\r\nbob,x\r\nal,y\r\nzed,\"two\nlines\"")
    }

    // MARK: - Other ends

    func testPrintPrintsABatchThatBatchApplies() throws {
        let h = try Harness()
        try h.write("list.txt", "a\nb\nc\nd\n")
        guard let pane = try pane(h) else { return }
        defer { pane.stop() }
        try pane.start("--print list.txt > ops.txt")
        try pane.waitForScreen(showing: "3 d")
        try pane.keys("Space", "j", "j", "Space", "G", "Space", "g", "Space", "w")
        XCTAssertEqual(try pane.status(), 0, errors(h))
        XCTAssertEqual(try h.text("list.txt"), "a\nb\nc\nd\n", "--print writes nothing")
        let operations = try h.text("ops.txt").split(separator: "\n")
        XCTAssertEqual(operations.count, 2, "two moves: a last, d first")
        XCTAssertTrue(operations.allSatisfy { $0.hasPrefix("move ") })
        let applied = try h.run(["batch", "-f", "ops.txt", "list.txt", "-o", "-"])
        XCTAssertEqual(applied.status, 0, applied.stderr)
        XCTAssertEqual(applied.out, "d\nb\nc\na\n")
    }

    func testAPipelineReadsTheListFromStandardInputAndKeysFromTheTerminal() throws {
        let h = try Harness()
        try h.write("list.txt", "a\nb\nc\n")
        guard let pane = try pane(h) else { return }
        defer { pane.stop() }
        try pane.start("- < list.txt > out.txt")
        try pane.waitForScreen(showing: "<stdin>")
        try pane.keys("Space", "G", "Space", "w")
        XCTAssertEqual(try pane.status(), 0, errors(h))
        XCTAssertEqual(try h.text("out.txt"), "b\nc\na\n")
        XCTAssertEqual(try h.text("list.txt"), "a\nb\nc\n")
        try pane.assertTerminalRestored()
    }

    func testWithoutAFileAndStandardInputNotATerminalItReadsStandardInput() throws {
        let h = try Harness()
        try h.write("list.txt", "a\nb\nc\n")
        guard let pane = try pane(h) else { return }
        defer { pane.stop() }
        // q without a change: the list goes out as it came.
        try pane.start("< list.txt > out.txt")
        try pane.waitForScreen(showing: "<stdin>")
        try pane.keys("q")
        XCTAssertEqual(try pane.status(), 0, errors(h))
        XCTAssertEqual(try h.text("out.txt"), "a\nb\nc\n")
    }

    func testSearchJumpsAndHelpShowsTheKeys() throws {
        try picking("apple\nbanana\ncherry\nbandana\n", until: "3 bandana") { h, pane, _ in
            try pane.keys("?")
            let help = try pane.waitForScreen(showing: "any key closes")
            XCTAssertTrue(help.contains("Space Enter"), help)
            try pane.keys("x", "/", "B", "A", "N", "Enter")
            try pane.waitForScreen(showing: ">   1 banana")
            try pane.keys("n")
            try pane.waitForScreen(showing: ">   3 bandana")
            try pane.keys("Space", "g", "Space", "w")
            XCTAssertEqual(try pane.status(), 0, errors(h))
            XCTAssertEqual(try h.text("list.txt"), "bandana\napple\nbanana\ncherry\n")
        }
    }

    // MARK: - The file changed, or read-only

    let ten = (0..<10).map { "item\($0)\n" }.joined()
    /// `ten` with item2 dragged below item4.
    let tenMoved = "item0\nitem1\nitem3\nitem4\nitem2\n" + (5..<10).map { "item\($0)\n" }.joined()

    /// A folder for TMPDIR, of the test's own: what reorder keeps there is
    /// seen, and removed.
    func temporaryFolder(_ h: Harness) throws -> URL {
        let folder = h.url("tmp")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Drags item2 below item4 in a pane showing `ten`.
    func dragItem2BelowItem4(_ pane: Pane) throws {
        try pane.waitForScreen(showing: "9 item9")
        try pane.keys("j", "j", "Space", "j", "j", "Space")
        try pane.waitForScreen(showing: "1 moved")
    }

    /// The batch script the message names, once: it exists in `folder`,
    /// applied to `ten` it gives `tenMoved`; then it is removed.
    func assertOrderKept(_ h: Harness, folder: URL, message: String, file: String, line: UInt = #line) throws {
        let kept = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        XCTAssertEqual(kept.count, 1, "\(kept)", line: line)
        let script = folder.appendingPathComponent(kept.first ?? "").path
        XCTAssertTrue(script.contains("/reorder-pick-") && script.hasSuffix(".batch"), script, line: line)
        XCTAssertEqual(message, "reorder: \(file) changed while pick was open; nothing is written; your order is kept in "
                       + "\(script) (apply it with 'reorder batch -f \(script) \(file)')\n", line: line)
        try h.write("original.txt", ten)
        let applied = try h.run(["batch", "-f", script, "original.txt"])
        XCTAssertEqual(applied.status, 0, applied.stderr, line: line)
        XCTAssertEqual(try h.text("original.txt"), tenMoved, line: line)
        try FileManager.default.removeItem(atPath: script)
        try FileManager.default.removeItem(at: h.url("original.txt"))
    }

    func testAFileChangedWhilePickIsOpenIsNotWrittenAndTheOrderIsKept() throws {
        let h = try Harness()
        try h.write("ten.txt", ten)
        let folder = try temporaryFolder(h)
        guard let pane = try pane(h) else { return }
        defer { pane.stop() }
        try pane.start("ten.txt", environment: "TMPDIR='\(folder.path)'")
        try dragItem2BelowItem4(pane)
        // Another program drops the first line meanwhile.
        let sed = try h.run(["-i", "1d", "ten.txt"], executable: URL(fileURLWithPath: "/bin/sed"))
        XCTAssertEqual(sed.status, 0)
        try pane.keys("w")
        XCTAssertEqual(try pane.status(), 2)
        XCTAssertEqual(try h.text("ten.txt"), (1..<10).map { "item\($0)\n" }.joined(), "as sed left it")
        try assertOrderKept(h, folder: folder, message: errors(h), file: "ten.txt")
        try pane.assertTerminalRestored()
    }

    /// Runs `change` (a shell command) in the test's folder.
    func shell(_ h: Harness, _ change: String, line: UInt = #line) throws {
        let result = try h.run(["-c", change], executable: URL(fileURLWithPath: "/bin/sh"))
        XCTAssertEqual(result.status, 0, result.stderr, line: line)
    }

    func testAChangeIsSaidAtTheNextDropAndTheKeptOrderNamesItsItemsByValue() throws {
        let h = try Harness()
        try h.write("ten.txt", ten)
        let folder = try temporaryFolder(h)
        guard let pane = try pane(h) else { return }
        defer { pane.stop() }
        try pane.start("ten.txt", columns: 120, environment: "TMPDIR='\(folder.path)'")
        try dragItem2BelowItem4(pane)
        try shell(h, "sed -i 1d ten.txt")
        // Grabbed and dropped where it was: the change is said at once.
        try pane.keys("Space", "Space")
        try pane.waitForScreen(showing: "ten.txt changed on disk: w keeps your order in a file")
        try pane.keys("w")
        XCTAssertEqual(try pane.status(), 2)
        let changed = (1..<10).map { "item\($0)\n" }.joined()
        XCTAssertEqual(try h.text("ten.txt"), changed)
        let kept = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        let script = folder.appendingPathComponent(kept.first ?? "").path
        let text = (try? String(contentsOfFile: script, encoding: .utf8)) ?? ""
        XCTAssertTrue(text.hasPrefix("# reorder: content "), text)
        XCTAssertEqual(text.split(separator: "\n").filter { !$0.hasPrefix("#") }, ["move =item2 4"], text)
        // As the message advises: item2 moves, on the file as it is now.
        let applied = try h.run(["batch", "-f", script, "ten.txt"])
        XCTAssertEqual(applied.status, 0, applied.stderr)
        XCTAssertEqual(try h.text("ten.txt"), "item1\nitem3\nitem4\nitem5\nitem2\n" + (6..<10).map { "item\($0)\n" }.joined())
        try FileManager.default.removeItem(atPath: script)
    }

    func testATouchOrTheSameBytesWrittenAgainIsNoChange() throws {
        let h = try Harness()
        try h.write("ten.txt", ten)
        guard let pane = try pane(h) else { return }
        defer { pane.stop() }
        try pane.start("ten.txt", columns: 120)
        try dragItem2BelowItem4(pane)
        try shell(h, "touch -d 2001-01-01 ten.txt; cp ten.txt copy; mv copy ten.txt")
        try pane.keys("Space", "Space")
        let shown = try pane.waitForScreen(showing: "dropped where it was")
        XCTAssertFalse(shown.contains("changed on disk"), shown)
        try pane.keys("w")
        XCTAssertEqual(try pane.status(), 0, errors(h))
        XCTAssertEqual(try h.text("ten.txt"), tenMoved)
    }

    func testAFileRemovedWhilePickIsOpenKeepsTheOrder() throws {
        let h = try Harness()
        try h.write("ten.txt", ten)
        let folder = try temporaryFolder(h)
        guard let pane = try pane(h) else { return }
        defer { pane.stop() }
        try pane.start("ten.txt", columns: 120, environment: "TMPDIR='\(folder.path)'")
        try dragItem2BelowItem4(pane)
        try shell(h, "rm ten.txt")
        try pane.keys("Space", "Space")
        try pane.waitForScreen(showing: "ten.txt was removed: w keeps your order in a file")
        try pane.keys("w")
        XCTAssertEqual(try pane.status(), 2)
        let kept = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        XCTAssertEqual(kept.count, 1, "\(kept)")
        let script = folder.appendingPathComponent(kept.first ?? "").path
        XCTAssertEqual(errors(h), "reorder: ten.txt was removed while pick was open; nothing is written; your order is "
                       + "kept in \(script) (apply it with 'reorder batch -f \(script) ten.txt')\n")
        try h.write("ten.txt", ten)
        XCTAssertEqual(try h.run(["batch", "-f", script, "ten.txt"]).status, 0)
        XCTAssertEqual(try h.text("ten.txt"), tenMoved)
        try FileManager.default.removeItem(atPath: script)
    }

    func testTwoPicksOnOneFileTheSecondToWriteWritesNothing() throws {
        let h = try Harness(), other = try Harness()
        try h.write("ten.txt", ten)
        let folder = try temporaryFolder(h)
        guard let first = try pane(h), let second = try pane(other) else { return }
        defer { first.stop(); second.stop() }
        try first.start("ten.txt", environment: "TMPDIR='\(folder.path)'")
        try dragItem2BelowItem4(first)
        // The second, opened later, writes first: item0 to the end.
        try second.start("'\(h.url("ten.txt").path)'", environment: "TMPDIR='\(folder.path)'")
        try second.waitForScreen(showing: "9 item9")
        try second.keys("Space", "G", "Space", "w")
        XCTAssertEqual(try second.status(), 0, errors(other))
        let written = (1..<10).map { "item\($0)\n" }.joined() + "item0\n"
        XCTAssertEqual(try h.text("ten.txt"), written)
        try first.keys("w")
        XCTAssertEqual(try first.status(), 2)
        XCTAssertEqual(try h.text("ten.txt"), written, "the second's order stays")
        try assertOrderKept(h, folder: folder, message: errors(h), file: "ten.txt")
    }

    func testOnAReadOnlyFileWOffersTheBatchScriptOrAnotherFile() throws {
        let h = try Harness()
        try h.write("list.txt", "a\nb\nc\n", mode: 0o444)
        guard let tmux = try tool("tmux", package: "tmux") else { return }

        // Said at the start; q without a change leaves with status 0.
        var pane = try Pane(tmux: tmux, harness: h)
        try pane.start("list.txt", columns: 100)
        let start = try pane.waitForScreen(showing: "2 c")
        XCTAssertTrue(start.contains("read-only · no change · read-only (no write permission): w offers another file or the batch script"),
                      start)
        try pane.keys("q")
        XCTAssertEqual(try pane.status(), 0, errors(h))
        XCTAssertEqual(try h.text("err"), "")
        pane.stop()

        // p: the batch script on standard output.
        try FileManager.default.removeItem(at: h.url("status"))
        pane = try Pane(tmux: tmux, harness: h)
        try pane.start("list.txt > ops.txt", columns: 100)
        try pane.waitForScreen(showing: "2 c")
        try pane.keys("Space", "G", "Space", "w")
        try pane.waitForScreen(showing: "read-only: [o]ther file, [p]rint the batch script, Esc")
        // Esc goes back, the work still there.
        try pane.keys("Escape")
        try pane.waitForScreen(showing: "1 moved")
        try pane.keys("w")
        try pane.waitForScreen(showing: "[p]rint the batch script")
        try pane.keys("p")
        XCTAssertEqual(try pane.status(), 0, errors(h))
        let applied = try h.run(["batch", "-f", "ops.txt", "list.txt", "-o", "-"])
        XCTAssertEqual(applied.out, "b\nc\na\n", applied.stderr)
        XCTAssertEqual(try h.text("list.txt"), "a\nb\nc\n")
        pane.stop()

        // o: another file; one that cannot be written is said, and the
        // session stays.
        try FileManager.default.removeItem(at: h.url("status"))
        pane = try Pane(tmux: tmux, harness: h)
        defer { pane.stop() }
        try pane.start("list.txt", columns: 100)
        try pane.waitForScreen(showing: "2 c")
        try pane.keys("Space", "G", "Space", "w", "o")
        try pane.waitForScreen(showing: "write to:")
        try pane.keys("nodir/x.txt", "Enter")
        try pane.waitForScreen(showing: "does not exist")
        for _ in 0..<11 { try pane.keys("BSpace") }
        try pane.keys("other.txt", "Enter")
        XCTAssertEqual(try pane.status(), 0, errors(h))
        XCTAssertEqual(try h.text("other.txt"), "b\nc\na\n")
        XCTAssertEqual(try h.text("list.txt"), "a\nb\nc\n")
        try pane.assertTerminalRestored()
    }
}
