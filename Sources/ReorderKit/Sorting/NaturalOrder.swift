/// Orders of text that read the numbers in it: a policy's `order =
/// "natural"` and `order = "version"`.
public enum NaturalOrder {
    /// `natural`: runs of ASCII digits compare as numbers (by value, then
    /// the one with fewer leading zeros first), the rest byte by byte:
    /// `v2` before `v10`, `file9.txt` before `file10.txt`.
    public static func compare(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer, ignoreCase: Bool) -> Int {
        segments(a, b, ignoreCase: ignoreCase, tildeFirst: false)
    }

    /// `version`: as `natural`, and a `~` sorts before everything, even
    /// the end of the text (Debian's rule, `sort -V`'s): `1.0~rc1` before
    /// `1.0`; `1.2` before `1.10`.
    public static func compareVersions(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer, ignoreCase: Bool) -> Int {
        segments(a, b, ignoreCase: ignoreCase, tildeFirst: true)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    private static func folded(_ byte: UInt8, _ ignoreCase: Bool) -> Int {
        ignoreCase && byte >= 0x61 && byte <= 0x7A ? Int(byte) - 32 : Int(byte)
    }

    private static func segments(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer,
                                 ignoreCase: Bool, tildeFirst: Bool) -> Int {
        var i = 0, j = 0
        while i < a.count || j < b.count {
            let ai = i < a.count, bj = j < b.count
            if ai && bj && isDigit(a[i]) && isDigit(b[j]) {
                // Two numbers: skip leading zeros, then the longer is larger,
                // then the first differing digit; equal values: fewer zeros first.
                let zerosA = leadingZeros(a, i), zerosB = leadingZeros(b, j)
                var endA = i + zerosA, endB = j + zerosB
                while endA < a.count && isDigit(a[endA]) { endA += 1 }
                while endB < b.count && isDigit(b[endB]) { endB += 1 }
                let lengthA = endA - i - zerosA, lengthB = endB - j - zerosB
                if lengthA != lengthB { return lengthA < lengthB ? -1 : 1 }
                for k in 0..<lengthA where a[i + zerosA + k] != b[j + zerosB + k] {
                    return a[i + zerosA + k] < b[j + zerosB + k] ? -1 : 1
                }
                if zerosA != zerosB { return zerosA < zerosB ? -1 : 1 }
                i = endA
                j = endB
                continue
            }
            if tildeFirst {
                let tildeA = ai && a[i] == UInt8(ascii: "~"), tildeB = bj && b[j] == UInt8(ascii: "~")
                if tildeA != tildeB { return tildeA ? -1 : 1 }
            }
            guard ai else { return -1 }
            guard bj else { return 1 }
            let x = folded(a[i], ignoreCase), y = folded(b[j], ignoreCase)
            if x != y { return x < y ? -1 : 1 }
            i += 1
            j += 1
        }
        return 0
    }

    private static func leadingZeros(_ text: UnsafeRawBufferPointer, _ start: Int) -> Int {
        var k = start
        // A run of zeros alone ("0", "00") keeps its last zero as the number.
        while k + 1 < text.count && text[k] == 0x30 && isDigit(text[k + 1]) { k += 1 }
        return k - start
    }
}
