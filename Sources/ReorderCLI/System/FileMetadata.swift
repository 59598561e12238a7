#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What a replaced file keeps: its owner (when root replaces it) and group,
/// its mode bits, and its extended attributes, among them its POSIX ACL
/// (`system.posix_acl_access` is one), so that no one gains access the old
/// file did not give. What cannot be kept that way is refused.
enum FileMetadata {
    /// Where the old file's attributes are read.
    enum Source {
        /// The file being edited in place, open.
        case descriptor(Int32)
        /// The file `-o` replaces, by its resolved path.
        case path(String)
    }

    /// Gives the new file `fd` what `original` (read from `source`) had.
    static func copy(_ original: stat, from source: Source, to fd: Int32, displayPath: String) throws {
        // Owner and group first: changing them clears the set-ID bits and
        // file capabilities, which come back below.
        try keepOwnerAndGroup(original, fd: fd, displayPath: displayPath)
        try System.changeMode(fd, original.st_mode & 0o7777, path: displayPath)
        // The ACL after the mode: setting it sets the group bits from its
        // mask, as they were; a chmod after would rewrite the mask.
        try copyAttributes(from: source, to: fd, displayPath: displayPath)
    }

    /// root keeps the owner and the group; anyone else keeps the group when
    /// they are a member of it (as `sed -i` does), and otherwise the new
    /// file has their own group. That is refused when it would widen access:
    /// when the mode gives the group something it does not give others.
    private static func keepOwnerAndGroup(_ original: stat, fd: Int32, displayPath: String) throws {
        let created = try System.status(of: fd, path: displayPath)
        let isRoot = System.effectiveUserID == 0
        let userKept = !isRoot || created.st_uid == original.st_uid
        guard !userKept || created.st_gid != original.st_gid else { return }
        do {
            try System.changeOwner(fd, user: isRoot ? original.st_uid : uid_t.max, group: original.st_gid, path: displayPath)
        } catch let error as SystemError where error.code == EPERM || error.code == EINVAL {
            let groupOnly = (original.st_mode >> 3) & 0o7 & ~(original.st_mode & 0o7)
            let groupNow = (try? System.status(of: fd, path: displayPath))?.st_gid ?? created.st_gid
            if groupOnly != 0 && groupNow != original.st_gid {
                throw FileError.cannotKeepGroup(path: displayPath, group: original.st_gid)
            }
        }
    }

    private static func copyAttributes(from source: Source, to fd: Int32, displayPath: String) throws {
        let names: [String]
        do {
            switch source {
            case .descriptor(let original): names = try System.attributeNames(original, path: displayPath)
            case .path(let path): names = try System.attributeNames(atPath: path)
            }
        } catch let error as SystemError where error.code == ENOTSUP {
            return  // A file system without extended attributes.
        }
        for name in names {
            let value: [UInt8]
            do {
                switch source {
                case .descriptor(let original): value = try System.attribute(original, name, path: displayPath)
                case .path(let path): value = try System.attribute(atPath: path, name)
                }
            } catch let error as SystemError where error.code == System.noSuchAttribute {
                continue  // Removed meanwhile.
            } catch let error as SystemError {
                throw FileError.cannotKeepAttribute(path: displayPath, name: name, code: error.code)
            }
            do {
                try System.setAttribute(fd, name, value, path: displayPath)
            } catch let error as SystemError {
                // A security label or capability this user may not set: the
                // new file has what the system gives it, no more.
                if name.hasPrefix("security.") && [EPERM, EACCES, ENOTSUP].contains(error.code) { continue }
                throw FileError.cannotKeepAttribute(path: displayPath, name: name, code: error.code)
            }
        }
        // What the new file was given and the old did not have: an ACL
        // inherited from the directory's default ACL.
        let kept = Set(names)
        for name in (try? System.attributeNames(fd, path: displayPath)) ?? []
        where !kept.contains(name) && !name.hasPrefix("security.") {
            do {
                try System.removeAttribute(fd, name, path: displayPath)
            } catch let error as SystemError {
                throw FileError.cannotKeepAttribute(path: displayPath, name: name, code: error.code)
            }
        }
    }
}
