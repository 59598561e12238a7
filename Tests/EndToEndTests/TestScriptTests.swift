import Foundation
import XCTest

/// The scripts `make test` and `make test-dist` run before the tests:
/// `Tests/apt-install.sh` waits for another program's apt or dpkg run
/// instead of failing at once with "Could not get lock".
///
/// apt and dpkg lock with fcntl (F_SETLK), not flock: a lock taken with
/// `flock(1)` would not stop them, so these tests hold a copy of the lock
/// path with fcntl, as dpkg does, and point the script at it
/// (`REORDER_APT_LOCKS`); `REORDER_APT_DRY_RUN` prints the apt-get commands
/// instead of running them.
final class TestScriptTests: XCTestCase {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A process holding an fcntl write lock on `path` for `seconds`; back
    /// once the lock is held.
    func holdLock(_ path: String, seconds: Double) throws -> Process {
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        holder.arguments = ["python3", "-c", """
            import fcntl, sys, time
            lock = open(sys.argv[1], "r+")
            fcntl.lockf(lock, fcntl.LOCK_EX)
            print("held", flush=True)
            time.sleep(float(sys.argv[2]))
            """, path, String(seconds)]
        let output = Pipe()
        holder.standardOutput = output
        try holder.run()
        let line = output.fileHandleForReading.readData(ofLength: 5)
        XCTAssertEqual(String(decoding: line, as: UTF8.self), "held\n")
        return holder
    }

    func install(locks: String, wait: Int, in h: Harness) throws -> Harness.Result {
        let script = TestScriptTests.repository.appendingPathComponent("Tests/apt-install.sh").path
        return try h.run([script, "test.sh", "zsh", "fish"], environment: [
            "REORDER_APT_LOCKS": locks, "REORDER_APT_LOCK_WAIT": String(wait), "REORDER_APT_DRY_RUN": "1",
        ], executable: URL(fileURLWithPath: "/bin/bash"))
    }

    func testAFreeLockGoesStraightToAptGetWithTheSameTimeout() throws {
        let h = try Harness()
        try h.write("lock", "")
        let result = try install(locks: h.url("lock").path, wait: 7, in: h)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
        XCTAssertEqual(result.out, "apt-get -o DPkg::Lock::Timeout=7 update -qq\n"
                       + "apt-get -o DPkg::Lock::Timeout=7 install -y -qq --no-install-recommends zsh fish\n")
    }

    func testAHeldLockIsWaitedForThenFailsWithTheReason() throws {
        let h = try Harness()
        try h.write("lock", "")
        let holder = try holdLock(h.url("lock").path, seconds: 10)
        defer { holder.terminate(); holder.waitUntilExit() }
        let result = try install(locks: h.url("lock").path, wait: 1, in: h)
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.out, "", "apt-get must not run while the lock is held")
        let pid = holder.processIdentifier
        XCTAssertEqual(result.stderr, """
            test.sh: \(h.url("lock").path) is locked by process \(pid) (python3); waiting up to 1 s for it
            test.sh: \(h.url("lock").path) is still locked by process \(pid) (python3) after 1 s: another apt-get \
            or dpkg is running; let it finish (or stop it), then try again

            """)
    }

    func testALockReleasedWhileWaitingLetsTheInstallGoOn() throws {
        let h = try Harness()
        try h.write("free", "")
        try h.write("lock", "")
        let holder = try holdLock(h.url("lock").path, seconds: 1.5)
        defer { holder.waitUntilExit() }
        let started = Date()
        let result = try install(locks: h.url("free").path + " " + h.url("lock").path + " " + h.url("absent").path,
                                 wait: 60, in: h)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertLessThan(Date().timeIntervalSince(started), 30)
        XCTAssertTrue(result.stderr.hasSuffix("(python3); waiting up to 60 s for it\n"), result.stderr)
        XCTAssertTrue(result.out.hasPrefix("apt-get -o DPkg::Lock::Timeout=60 update"), result.out)
    }
}
