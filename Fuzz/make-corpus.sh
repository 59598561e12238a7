#!/usr/bin/env bash
# Writes the seed corpus of each fuzz target, Fuzz/corpus/<target>/, one
# small file per case, named after it. The files are kept in the
# repository; run this again after changing a case here.
set -euo pipefail
mkdir -p "$(dirname "$0")/corpus"
cd "$(dirname "$0")/corpus"

# seed TARGET NAME FORMAT [ARGS...]: printf FORMAT ARGS into TARGET/NAME.
seed() {
    local target=$1 name=$2
    shift 2
    mkdir -p "$target"
    # shellcheck disable=SC2059  # the format is the case
    printf "$@" > "$target/$name"
}

rm -rf json lines batch

# JSON: valid root arrays of every shape, arrays at /0, other roots, and
# documents that break one rule each.
seed json empty-array '[]'
seed json empty-array-with-blanks '[ \n\t]\n'
seed json one-number '[1]'
seed json numbers '[0, -0, 1.5, -2e10, 3E+2, 4.25e-7, 12345678901234567890]'
seed json literals '[true,false,null]'
seed json strings '["a", "", "\\"q\\"", "\\\\", "\\/\\b\\f\\n\\r\\t", "\\u00e9\\uD834\\uDD1E"]'
seed json utf8-strings '["caf\xc3\xa9", "\xe6\x97\xa5\xe6\x9c\xac", "\xf0\x9d\x84\x9e"]'
seed json pretty '[\n  {\n    "name": "b",\n    "tags": [1, 2]\n  },\n  {\n    "name": "a"\n  }\n]\n'
seed json pretty-crlf '[\r\n  1,\r\n  2,\r\n  3\r\n]\r\n'
seed json mixed-separators '[1,2 ,3,\n4 , 5]'
seed json nested '[[1, [2, [3, []]]], {"a": {"b": [{}]}}]'
seed json objects '[{"b":1,"a":2},{"a":1},{}]'
seed json byte-order-mark '\xef\xbb\xbf[1, 2]'
seed json array-at-0 '[[3, 1, 2], "x"]'
seed json object-key-0 '{"0": ["b", "a"], "1": []}'
seed json empty-array-at-0 '[[ ], 1]'
seed json root-object '{"list": [1, 2]}'
seed json root-string '"text"'
seed json root-number '42'
seed json sortable '[10, 9, "b", "B", "a", null, true, [2], {"k": 1}, "10", 9.5]'
seed json strings-with-structure '["[", "]", "{", "}", ",", ":", "\\"]"]'
seed json long-pretty "[\n$(for i in $(seq 1 40); do printf '  {"id": %d, "name": "item %d"},\n' "$i" "$i"; done)  {\"id\": 0}\n]\n"
seed json long-minified "[$(for i in $(seq 1 60); do printf '"s%d\\\\u0041",' "$i"; done)0]"
seed json long-numbers "[$(seq -s, 1 400)]"
seed json deep "$(printf '[%.0s' $(seq 1 100))$(printf ']%.0s' $(seq 1 100))"
seed json trailing-comma '[1, 2,]'
seed json leading-comma '[,1]'
seed json missing-comma '[1 2]'
seed json unclosed '[1, [2, 3]'
seed json extra-close '[1]]'
seed json unterminated-string '["abc]'
seed json control-in-string '["a\tb"]'
seed json line-feed-in-string '["a\nb", 1]'
seed json bad-escape '["\\x"]'
seed json lone-surrogate '["\\uD834"]'
seed json invalid-utf8 '["\xc3\x28"]'
seed json overlong-utf8 '["\xc0\xaf"]'
seed json leading-zero '[01]'
seed json bad-literal '[tru]'
seed json text-after '[1] x'
seed json two-documents '[1] [2]'
seed json blank ' \n'
seed json nothing ''

# Lines: terminators, a missing final one, byte-order marks, CR where it is
# not part of CRLF, NUL, and bytes that are not UTF-8.
seed lines nothing ''
seed lines one-line 'a\n'
seed lines one-line-unterminated 'a'
seed lines two-lines 'b\na\n'
seed lines unterminated 'c\nb\na'
seed lines empty-lines '\n\n\n'
seed lines empty-line-between 'a\n\nb\n'
seed lines crlf 'b\r\na\r\n'
seed lines crlf-unterminated 'b\r\na'
seed lines mixed-terminators 'c\r\nb\na\r\n'
seed lines lone-cr 'a\rb\nc\n'
seed lines cr-at-end 'a\nb\r'
seed lines cr-after-empty-line '?\n\n\r'
seed lines cr-only '\r'
seed lines crlf-only '\r\n'
seed lines byte-order-mark '\xef\xbb\xbfb\na\n'
seed lines byte-order-mark-only '\xef\xbb\xbf'
seed lines byte-order-mark-crlf '\xef\xbb\xbfb\r\na\r\n'
seed lines byte-order-mark-later 'a\n\xef\xbb\xbfb\n'
seed lines partial-byte-order-mark '\xef\xbbx\n'
seed lines nul-terminated 'b\0a\0'
seed lines nul-inside 'a\0b\nc\n'
seed lines nul-and-newlines 'a\nb\0c\nd\0'
seed lines trailing-blanks 'a  \nb\t\n'
seed lines not-utf8 '\xff\xfe\n\xc3\n'
seed lines utf8 'caf\xc3\xa9\n\xe6\x97\xa5\n\xf0\x9d\x84\x9e\n'
seed lines numbers '10\n9\n-1\n1.5\n+2\n1e3\nx\n'
seed lines cases 'B\na\nA\nb\n'
seed lines duplicates 'x\ny\nx\nx\n'
seed lines json-looking '[1, 2]\n{"a": 1}\n'
seed lines long-line "$(printf 'x%.0s' $(seq 1 300))\nshort\n"
seed lines many-lines "$(seq 1 200 | sed 's/$/\\n/' | tr -d '\n')"

# Batch scripts: each operation in its plain and its general forms,
# selectors, comments and blank lines, CRLF, and each kind of mistake.
seed batch move 'move 3 0\n'
seed batch swap 'swap 0 1\n'
seed batch delete 'delete 2\n'
seed batch insert 'insert 0 x\n'
seed batch replace 'replace 1 y\n'
seed batch all-operations 'delete 0\nmove 4 0\ninsert 2 x\nswap 1 3\nreplace 5 z\n'
seed batch negative-indices 'move -1 0\ninsert -1 end\ndelete -2\n'
seed batch plus-sign 'move +1 +0\n'
seed batch comments-and-blank-lines '# reorder\n\n  # indented\nmove 1 0\n\t\n'
seed batch crlf 'move 1 0\r\ninsert 0 x\r\n'
seed batch no-final-newline 'swap 0 2'
seed batch blanks-between-words '  move\t 2   0  \n'
seed batch value-with-spaces 'insert 1  two  spaces \n'
seed batch empty-value 'insert 1 \n'
seed batch value-ending-in-cr 'insert 0 x\r\r\n'
seed batch json-values 'insert 0 {"a": [1, 2]}\ninsert 1 "s"\nreplace 0 null\n'
seed batch invalid-json-value 'insert 0 {oops\n'
seed batch utf8-value 'insert 0 caf\xc3\xa9\n'
seed batch text-selector 'delete =i3\nmove =i1 0\n'
seed batch text-selector-with-space 'move =a b 0\n'
seed batch regex-selector 'move ~^i[12]$ 0\n'
seed batch bad-regex 'delete ~(\n'
seed batch ranges 'delete 1...3\nmove ..<2 -1\n'
seed batch open-range 'delete 5...\n'
seed batch list-selector 'move 0,2 1\n'
seed batch swap-selectors 'swap =i0 =i1\n'
seed batch clash 'delete 2\nmove 2 0\n'
seed batch same-destination 'insert 0 a\ninsert 0 b\n'
seed batch out-of-range 'move 99 0\n'
seed batch long-numbers 'move 123456789012345678 0\nmove 1234567890123456789 0\n'
seed batch destination-int-max 'move -1 09223372036854775807\ninsert -1 end\ndelete -2\n'
seed batch incomplete 'move 3\n'
seed batch incomplete-insert 'insert 2\n'
seed batch unknown-operation 'frobnicate 1\n'
seed batch not-an-index 'move x 0\n'
seed batch many "$(for i in $(seq 0 30); do printf 'move %d %d\\n' $((i % 7)) $(((i * 3) % 7)); done)"
