/// The text of a line of Markdown without its inline markup, as a reader
/// sees it: what a heading is named by (`-p`) and what an item is sorted
/// and selected by.
enum MarkdownInline {
    /// `text` without markup: a link or an image is its text (`[Foo](url)`
    /// and `[Foo][ref]` are `Foo`, `![alt](src)` is `alt`), a code span its
    /// code, emphasis its text (`*`, `**`, and `_` at a word's edge), an
    /// inline HTML tag nothing, an autolink its address, a backslash escape
    /// the character; spaces are collapsed and trimmed.
    /// With `droppingImages` (a heading's text), an image is nothing: a
    /// badge beside a title is not part of its name.
    static func plainText(_ text: [UInt8], droppingImages: Bool = false) -> String {
        String(decoding: collapsed(strip(text[...], droppingImages: droppingImages)), as: UTF8.self)
    }

    /// The same, as bytes.
    static func plainBytes(_ text: ArraySlice<UInt8>) -> [UInt8] { collapsed(strip(text, droppingImages: false)) }

    private static func collapsed(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var space = false
        for byte in bytes {
            if byte == 0x20 || byte == 0x09 {
                space = true
                continue
            }
            if space && !out.isEmpty { out.append(0x20) }
            space = false
            out.append(byte)
        }
        return out
    }

    private static func isWordByte(_ byte: UInt8?) -> Bool {
        guard let byte else { return false }
        return byte >= 0x80 || (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
    }

    private static func strip(_ text: ArraySlice<UInt8>, droppingImages: Bool) -> [UInt8] {
        var out: [UInt8] = []
        var index = text.startIndex
        let end = text.endIndex
        func at(_ offset: Int) -> UInt8? { offset >= text.startIndex && offset < end ? text[offset] : nil }
        while index < end {
            let byte = text[index]
            switch byte {
            case UInt8(ascii: "\\"):
                if let next = at(index + 1), next >= 0x21 && next <= 0x7E && !isWordByte(next) {
                    out.append(next)
                    index += 2
                } else {
                    out.append(byte)
                    index += 1
                }
            case UInt8(ascii: "`"):
                var run = index
                while run < end && text[run] == byte { run += 1 }
                let length = run - index
                // The closing run of the same length ends the code span.
                var search = run, closing: Int? = nil
                while search < end {
                    if text[search] == byte {
                        var other = search
                        while other < end && text[other] == byte { other += 1 }
                        if other - search == length { closing = search; break }
                        search = other
                    } else {
                        search += 1
                    }
                }
                if let closing {
                    var code = Array(text[run..<closing])
                    if code.count >= 2 && code.first == 0x20 && code.last == 0x20 && code.contains(where: { $0 != 0x20 }) {
                        code = Array(code.dropFirst().dropLast())
                    }
                    out += code
                    index = closing + length
                } else {
                    out += text[index..<run]
                    index = run
                }
            case UInt8(ascii: "!") where at(index + 1) == UInt8(ascii: "["):
                if let link = link(text, at: index + 1) {
                    if !droppingImages { out += strip(text[(index + 2)..<link.textEnd], droppingImages: false) }
                    index = link.end
                } else {
                    out.append(byte)
                    index += 1
                }
            case UInt8(ascii: "["):
                if let link = link(text, at: index) {
                    out += strip(text[(index + 1)..<link.textEnd], droppingImages: droppingImages)
                    index = link.end
                } else {
                    out.append(byte)
                    index += 1
                }
            case UInt8(ascii: "<"):
                if let close = text[index...].firstIndex(of: UInt8(ascii: ">")),
                   let first = at(index + 1), first == UInt8(ascii: "/") || first == UInt8(ascii: "!") || isWordByte(first) && first < 0x80,
                   !text[(index + 1)..<close].contains(UInt8(ascii: "<")) {
                    let inside = text[(index + 1)..<close]
                    // An autolink is its address; a tag is nothing.
                    if inside.firstIndex(of: UInt8(ascii: ":")) != nil && !inside.contains(0x20) || inside.contains(UInt8(ascii: "@")) && !inside.contains(0x20) {
                        out += inside
                    }
                    index = close + 1
                } else {
                    out.append(byte)
                    index += 1
                }
            case UInt8(ascii: "*"):
                index += 1
            case UInt8(ascii: "_"):
                var run = index
                while run < end && text[run] == byte { run += 1 }
                // `_` inside a word (snake_case) is the word's.
                if isWordByte(at(index - 1)) && isWordByte(at(run)) { out += text[index..<run] }
                index = run
            default:
                out.append(byte)
                index += 1
            }
        }
        return out
    }

    /// A link's (or image's) text `[` … `]` at `open`, followed by a
    /// destination `( … )` or a reference `[ … ]`: where the text ends and
    /// the link ends.
    private static func link(_ text: ArraySlice<UInt8>, at open: Int) -> (textEnd: Int, end: Int)? {
        var depth = 0, index = open
        var close: Int? = nil
        while index < text.endIndex {
            let byte = text[index]
            if byte == UInt8(ascii: "\\") { index += 2; continue }
            if byte == UInt8(ascii: "[") { depth += 1 }
            if byte == UInt8(ascii: "]") {
                depth -= 1
                if depth == 0 { close = index; break }
            }
            index += 1
        }
        guard let close, close + 1 < text.endIndex else { return nil }
        let opener = text[close + 1]
        let closer: UInt8
        if opener == UInt8(ascii: "(") { closer = UInt8(ascii: ")") } else if opener == UInt8(ascii: "[") { closer = UInt8(ascii: "]") } else { return nil }
        depth = 0
        index = close + 1
        while index < text.endIndex {
            let byte = text[index]
            if byte == UInt8(ascii: "\\") { index += 2; continue }
            if byte == opener { depth += 1 }
            if byte == closer {
                depth -= 1
                if depth == 0 { return (close, index + 1) }
            }
            index += 1
        }
        return nil
    }
}
