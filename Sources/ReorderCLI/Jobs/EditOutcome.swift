/// What an edit made of one input, however it made it.
struct EditOutcome {
    let unchanged: Bool
    /// The byte a diff of the result splits lines at.
    let terminator: UInt8
    /// Writes the result as batches of slices.
    let write: ((UnsafeBufferPointer<UnsafeRawBufferPointer>) throws -> Void) throws -> Void
    /// `fix` warned about the input: its exit status is 1.
    var warned = false

    func render() throws -> [UInt8] {
        var bytes: [UInt8] = []
        try write { slices in for slice in slices { bytes.append(contentsOf: slice) } }
        return bytes
    }
}
