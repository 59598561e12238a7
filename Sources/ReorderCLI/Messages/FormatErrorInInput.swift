import ReorderKit

/// A format's error (`FormatReadError`) with the name of its input and its
/// places there, found while the input's bytes are at hand. Every format's
/// error is caught as `FormatReadError` and wrapped here, the one way.
struct FormatErrorInInput: Error {
    let error: any FormatReadError
    /// The input's name; nil for standard input read as a job's input,
    /// which the message names as the job does.
    let name: String?
    /// The error's place, `line:column`; nil when it has none.
    let place: String?
    /// A second place the error names, `line:column`; nil when none.
    let secondPlace: String?

    /// `source`: the input's bytes, to find the error's places in.
    init(_ error: any FormatReadError, name: String?, source: UnsafeRawBufferPointer) {
        self.error = error
        self.name = name
        func lineAndColumn(_ offset: Int?) -> String? {
            guard let offset else { return nil }
            let place = JSONPlace.of(min(offset, source.count), in: source)
            return "\(place.line):\(place.column)"
        }
        place = lineAndColumn(error.sourceOffset)
        secondPlace = lineAndColumn(error.secondSourceOffset)
    }

    private init(error: any FormatReadError, name: String?, place: String?, secondPlace: String?) {
        self.error = error
        self.name = name
        self.place = place
        self.secondPlace = secondPlace
    }

    /// The error without its input's name, for a message that names the
    /// input before it (and so, but for a syntax error's, without its
    /// place, which follows the name).
    var unnamed: FormatErrorInInput {
        FormatErrorInInput(error: error, name: nil, place: place, secondPlace: nil)
    }
}

/// Where a format's error is, as its message says it.
struct FormatErrorContext {
    /// The input's name; nil inside a message that names the input already
    /// (a batch's).
    let input: String?
    /// `line:column` of the error's `sourceOffset`; nil without one, or
    /// without the input's bytes.
    let place: String?
    /// `line:column` of its `secondSourceOffset`.
    let secondPlace: String?

    /// `name: `, or empty without a name: for an error of the whole input.
    var named: String { input.map { $0 + ": " } ?? "" }

    /// `name:line:column: ` where the error has a place, else `named`.
    var placed: String {
        guard let input else { return "" }
        return input + (place.map { ":" + $0 } ?? "") + ": "
    }
}

/// How the command line words a format's error: each format's error type
/// conforms in its `Messages+FORMAT.swift`.
protocol FormatErrorWording {
    func message(_ context: FormatErrorContext) -> String
}

extension Messages {
    /// A format's error, `place`d where it was caught with its input's
    /// bytes (`FormatErrorInInput`), or not.
    static func describe(_ error: any FormatReadError, _ context: FormatErrorContext) -> String {
        guard let worded = error as? any FormatErrorWording else {
            return context.named + "an error reorder has no message for (\(type(of: error))): please report this as a bug"
        }
        return worded.message(context)
    }
}
