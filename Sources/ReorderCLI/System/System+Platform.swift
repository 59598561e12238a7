#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// What differs between the C libraries in the fields of their structures,
// read and written here, so that the rest of `System/` names neither. The
// Linux branch is built and tested; the Darwin branch has never been
// compiled.

/// A plain signal handler, and one that is given the signal's details.
typealias SignalHandler = @convention(c) (Int32) -> Void
typealias SignalInfoHandler = @convention(c) (Int32, UnsafeMutablePointer<siginfo_t>?, UnsafeMutableRawPointer?) -> Void

extension sigaction {
    /// `sa_handler`: a union member in both libraries, named differently.
    var plainHandler: SignalHandler? {
        get {
            #if canImport(Glibc)
            return __sigaction_handler.sa_handler
            #elseif canImport(Darwin)
            // Darwin: the union is `__sigaction_u`, its member `__sa_handler`.
            return __sigaction_u.__sa_handler
            #endif
        }
        set {
            #if canImport(Glibc)
            __sigaction_handler.sa_handler = newValue
            #elseif canImport(Darwin)
            __sigaction_u.__sa_handler = newValue
            #endif
        }
    }

    /// `sa_sigaction` (with `SA_SIGINFO` in `sa_flags`).
    var infoHandler: SignalInfoHandler? {
        get {
            #if canImport(Glibc)
            return __sigaction_handler.sa_sigaction
            #elseif canImport(Darwin)
            return __sigaction_u.__sa_sigaction
            #endif
        }
        set {
            #if canImport(Glibc)
            __sigaction_handler.sa_sigaction = newValue
            #elseif canImport(Darwin)
            __sigaction_u.__sa_sigaction = newValue
            #endif
        }
    }
}

extension siginfo_t {
    /// The address a SIGBUS or SIGSEGV was raised for.
    var faultAddress: UnsafeMutableRawPointer? {
        #if canImport(Glibc)
        return _sifields._sigfault.si_addr
        #elseif canImport(Darwin)
        // Darwin: a plain field.
        return si_addr
        #endif
    }
}

extension stat {
    /// The last change of the content (`st_mtim`).
    var modifiedTime: timespec {
        #if os(Linux)
        return st_mtim
        #else
        // Darwin: `st_mtimespec`.
        return st_mtimespec
        #endif
    }

    /// The last change of the content or of the metadata (`st_ctim`).
    var changedTime: timespec {
        #if os(Linux)
        return st_ctim
        #else
        // Darwin: `st_ctimespec`.
        return st_ctimespec
        #endif
    }
}

extension System {
    /// The errno of an extended attribute that is not there.
    static var noSuchAttribute: Int32 {
        #if os(Linux)
        return ENODATA
        #else
        // Darwin: ENOATTR.
        return ENOATTR
        #endif
    }
}
