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
            let edit = Edit.batch(script, sequential: sequential)
            let arrangement = try BatchHarness.arrangement(of: edit, in: document, options: options)
            XCTAssertEqual(arrangement.count, arrangement.sourceIndices.count)
            let output = String(decoding: document.render(arrangement), as: UTF8.self)
            return output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        }
    }

    /// The arrangement `edit` makes of `document`, the way the command line
    /// makes it (prepared before the list is read), after checking that the
    /// ordinary way makes the same arrangement or throws the same error.
    static func arrangement(of edit: Edit, in document: ListDocument, options: EditOptions) throws -> Arrangement {
        let ordinary = Result { try document.arrangement(for: edit, options: options) }
        let prepared = Result { try document.arrangement(for: PreparedEdit(edit, options: options)) }
        switch (ordinary, prepared) {
        case (.success(let a), .success(let b)):
            XCTAssertEqual(a, b, "the prepared batch's result differs from the ordinary one's")
        case (.failure(let a), .failure(let b)):
            XCTAssertEqual("\(a)", "\(b)", "the prepared batch's error differs from the ordinary one's")
        default:
            XCTFail("the prepared batch and the ordinary one disagree: \(ordinary) and \(prepared)")
        }
        return try prepared.get()
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
