/// What to do with each result.
enum OutputMode: Equatable {
    /// Edit each FILE in place; standard input goes to standard output.
    case write
    /// `-o PATH`.
    case output(String)
    /// `--check`, optionally with `--diff`.
    case check(diff: Bool)
}
