// Placeholder until the JSON format lands: every read fails.
public enum JSONError: Error, Equatable, Sendable {
    case notImplemented
}

public struct JSONLayout: ListLayout {
    public init(_ source: UnsafeRawBufferPointer, pointer: String) throws {
        throw JSONError.notImplemented
    }
    public var count: Int { 0 }
    public func itemRange(_ index: Int) -> Range<Int> { 0..<0 }
    public func head(resultCount: Int) -> [Piece] { [] }
    public func separator(afterPosition position: Int, resultCount: Int) -> Piece { .bytes([]) }
    public func tail(resultCount: Int, lastItemIsEmpty: Bool) -> [Piece] { [] }
    public var separatorsAreUniform: Bool { false }
    public func newItem(_ value: [UInt8], asString: Bool) throws -> [UInt8] { value }
}
