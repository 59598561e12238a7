#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import ReorderKit

/// The policy a run of `fix` or `check` applies: `.reorder.toml` in the
/// working directory or the nearest folder above it that has one, or the
/// file `--config` names.
struct LoadedPolicy {
    static let fileName = ".reorder.toml"

    let policy: Policy
    /// The policy file, as messages name it.
    let path: String
    /// The folder the paths its rules match are relative to, absolute
    /// and without symlinks: the policy file's own folder when it was
    /// found by the upward search; the repository's top (the git work
    /// tree's root, or outside git the working directory) when `--config`
    /// names it, wherever it is (`--config ci/reorder.toml`).
    let root: String
    /// The policy file's bytes, for the places of messages about it.
    let source: [UInt8]

    /// The policy `--config` names, or the nearest `.reorder.toml`; nil
    /// when there is none.
    static func find(config: String?) throws -> LoadedPolicy? {
        if let config { return try load(path: config, root: try repositoryTop()) }
        guard let start = PathNames.realPath(".") else { return nil }
        var directory = start
        while true {
            let candidate = PathNames.join(directory, fileName)
            if System.exists(candidate) { return try load(path: PathNames.relative(candidate, from: start)) }
            if directory == "/" { return nil }
            directory = PathNames.parent(directory)
        }
    }

    /// The top of the git work tree the working directory is in; outside
    /// git, the working directory.
    static func repositoryTop() throws -> String {
        if let output = Subprocess.run(["git", "rev-parse", "--show-toplevel"]) {
            var text = String(decoding: output, as: UTF8.self)
            while text.hasSuffix("\n") || text.hasSuffix("\r") { text.removeLast() }
            if !text.isEmpty, let top = PathNames.realPath(text) { return top }
        }
        guard let here = PathNames.realPath(".") else { throw SystemError(code: errno, operation: "resolve", path: ".") }
        return here
    }

    /// The policy file at `path`; its rules' paths relative to `root`
    /// (by default its folder).
    static func load(path: String, root given: String? = nil) throws -> LoadedPolicy {
        let content = try InputBytes.read(path: path)
        let bytes = withExtendedLifetime(content) { Array(content.bytes) }
        let policy: Policy
        do {
            // SAFETY: the bytes of `bytes` are only read inside the closure, and no pointer to them leaves it.
            policy = try bytes.withUnsafeBytes { source in try Policy(reading: source) }
        } catch let error as PolicyError {
            if case .invalidTOML(let formatError) = error.kind {
                // SAFETY: the bytes of `bytes` are only read inside the closure, and no pointer to them leaves it.
                throw bytes.withUnsafeBytes { FormatErrorInInput(formatError, name: path, source: $0) }
            }
            throw PolicyFileError(path: path, error: error, source: bytes)
        }
        guard let root = given ?? PathNames.realPath(PathNames.parent(path)) else {
            throw SystemError(code: errno, operation: "resolve", path: PathNames.parent(path))
        }
        return LoadedPolicy(policy: policy, path: path, root: root, source: bytes)
    }

    /// Where byte `offset` of the policy file is, `LINE:COLUMN`.
    func place(_ offset: Int) -> String {
        // SAFETY: the bytes of `source` are only read inside the closure, and no pointer to them leaves it.
        source.withUnsafeBytes { let place = JSONPlace.of(offset, in: $0); return "\(place.line):\(place.column)" }
    }

    /// `path` (as the command line names it) relative to the folder the
    /// rules' paths are relative to (`root`); nil when it is outside it.
    func relativePath(of path: String) -> String? {
        guard let real = PathNames.realPath(path) else { return nil }
        if root == "/" { return String(real.dropFirst()) }
        guard real.hasPrefix(root + "/") else { return nil }
        return String(real.dropFirst(root.count + 1))
    }
}

/// A policy file that is not one: its error, at its place.
struct PolicyFileError: Error {
    let path: String
    let error: PolicyError
    let source: [UInt8]

    func place(_ offset: Int?) -> String {
        guard let offset else { return "" }
        // SAFETY: the bytes of `source` are only read inside the closure, and no pointer to them leaves it.
        return source.withUnsafeBytes { let place = JSONPlace.of(offset, in: $0); return "\(place.line):\(place.column):" }
    }
}

/// Path names, as strings.
enum PathNames {
    static func join(_ directory: String, _ name: String) -> String {
        directory == "/" ? "/" + name : directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    /// The last name of `path`.
    static func baseName(_ path: String) -> String {
        path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    }

    /// The folder `path` is in (`.` for a bare name).
    static func parent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        if slash == path.startIndex { return "/" }
        return String(path[..<slash])
    }

    /// `path` absolute, without symlinks, `.` or `..`; nil when it does
    /// not exist.
    static func realPath(_ path: String) -> String? {
        System.realPath(path)
    }

    /// `path` (absolute) as seen from the folder `base` (absolute):
    /// `a/b`, `../c/d`.
    static func relative(_ path: String, from base: String) -> String {
        let target = path.split(separator: "/"), from = base.split(separator: "/")
        var common = 0
        while common < target.count && common < from.count && target[common] == from[common] { common += 1 }
        let ups = Array(repeating: "..", count: from.count - common)
        let parts = ups + target[common...].map(String.init)
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }
}
