import ReorderKit
import XCTest

/// Runs batches on a list of lines, the way `reorder batch` does.
enum BatchHarness {
    /// The result of `operations` (each as written after `-e`) applied to a
    /// document of `list`'s lines, as its items.
    static func apply(
        _ operations: [String], to list: [String], sequential: Bool = false,
        options: EditOptions = EditOptions()
    ) throws -> [String] {
        var script = BatchScript()
        for (number, operation) in operations.enumerated() {
            try script.append(expression: Array(operation.utf8), number: number + 1)
        }
        let text = list.map { $0 + "\n" }.joined()
        return try Array(text.utf8).withUnsafeBytes { source in
            let document = try ListDocument(source, format: .lines, options: ReadOptions())
            let arrangement = try document.arrangement(for: .batch(script, sequential: sequential), options: options)
            XCTAssertEqual(arrangement.count, arrangement.sourceIndices.count)
            let output = String(decoding: document.render(arrangement), as: UTF8.self)
            return output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        }
    }

    /// The error `operations` end in, or nil when they succeed.
    static func error(
        _ operations: [String], on list: [String], sequential: Bool = false,
        options: EditOptions = EditOptions()
    ) -> Error? {
        do {
            _ = try apply(operations, to: list, sequential: sequential, options: options)
            return nil
        } catch {
            return error
        }
    }
}


func reference(_ text: String, _ origin: BatchOrigin = .expression(1)) -> BatchOperationReference {
    BatchOperationReference(text: text, origin: origin)
}
