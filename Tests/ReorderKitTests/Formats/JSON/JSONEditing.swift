import ReorderKit
import XCTest

/// Edits a JSON or JSONC document in process, the way the command line
/// does, for the tests of object members and comments.
enum JSONEditing {
    /// The document `text` with `edit` made to the list at `pointer`.
    /// Batches go through `BatchHarness.arrangement`, which also checks the
    /// prepared path against the ordinary one.
    static func apply(
        _ edit: Edit, to text: [UInt8], format: ListFormat, pointer: String = "",
        options: EditOptions = EditOptions()
    ) throws -> [UInt8] {
        try text.withUnsafeBytes { source in
            var read = ReadOptions(format: .named(format), pointer: pointer)
            if case .sort(let sort) = edit { read.editsInsideItems = sort.recursive }
            let document = try ListDocument(source, format: format, options: read)
            let arrangement: Arrangement
            if case .batch = edit {
                arrangement = try BatchHarness.arrangement(of: edit, in: document, options: options)
            } else {
                arrangement = try document.arrangement(for: edit, options: options)
            }
            let output = document.render(arrangement)
            XCTAssertEqual(document.resultEqualsSource(arrangement), output == text,
                           "resultEqualsSource disagrees with the rendered bytes")
            return output
        }
    }

    static func apply(
        _ edit: Edit, to text: String, format: ListFormat, pointer: String = "",
        options: EditOptions = EditOptions()
    ) throws -> String {
        String(decoding: try apply(edit, to: Array(text.utf8), format: format, pointer: pointer, options: options),
               as: UTF8.self)
    }

    /// The items of the list at `pointer`, each as its bytes stand (a
    /// member's `"key": value`, with its leading comments).
    static func items(of text: [UInt8], format: ListFormat, pointer: String = "") throws -> [String] {
        try text.withUnsafeBytes { source in
            let document = try ListDocument(source, format: format, options: ReadOptions(format: .named(format), pointer: pointer))
            return (0..<document.count).map { String(decoding: document.itemBytes($0), as: UTF8.self) }
        }
    }

    static func move(_ from: String, _ to: Int) throws -> Edit {
        .move(from: try SourceSelector(parsing: from), to: UserIndex(to))
    }

    static func swap(_ i: String, _ j: String) throws -> Edit {
        .swap(try SourceSelector(parsing: i), try SourceSelector(parsing: j))
    }

    static func delete(_ selector: String) throws -> Edit {
        .delete(try SourceSelector(parsing: selector))
    }

    static func insert(_ at: Int, _ value: String) -> Edit {
        .insert(at: UserIndex(at), value: Array(value.utf8))
    }

    static func batch(_ operations: [String], sequential: Bool) throws -> Edit {
        var script = BatchScript()
        for (number, operation) in operations.enumerated() {
            try script.append(expression: Array(operation.utf8), number: number + 1)
        }
        return .batch(script, sequential: sequential)
    }
}
