/// New contents of several lists (sections) as the batch that makes them,
/// with index paths `S:I`: what `pick` and `edit` with several lists print
/// and keep. UIKit's rules: `delete` and a move's source name paths in the
/// lists before the batch, `insert` and a move's destination paths in the
/// lists after it. In each section, a longest run of its own items, in
/// their order as read, stays; every other item there is a move (or an
/// insert, for a new item), every item left out a delete.
public enum SectionedOrder {
    /// `counts[s]`: section s's items as read; `result[s]`: its items after.
    /// `source(path)`, when given, names the item at `path` where an
    /// operation takes it (a selector such as `=VALUE`, written after `S:`;
    /// nil: by its index).
    public static func batchScript(counts: [Int], result: [[SectionedItem]],
                                   source: ((ItemPath) -> [UInt8]?)? = nil) -> [UInt8] {
        var used = Set<ItemPath>()
        for items in result {
            for case .existing(let path) in items { used.insert(path) }
        }
        func name(_ path: ItemPath) -> [UInt8] {
            Array("\(path.section):".utf8) + (source?(path) ?? Array(String(path.item).utf8))
        }
        var script: [UInt8] = []
        for (section, count) in counts.enumerated() {
            for item in 0..<count where !used.contains(ItemPath(section: section, item: item)) {
                script += Array("delete ".utf8) + name(ItemPath(section: section, item: item)) + [0x0A]
            }
        }
        for (section, items) in result.enumerated() {
            let staying = self.staying(items, in: section)
            for (index, item) in items.enumerated() where !staying.contains(index) {
                switch item {
                case .existing(let path):
                    script += Array("move ".utf8) + name(path) + Array(" \(section):\(index)\n".utf8)
                case .new(let value):
                    script += Array("insert \(section):\(index) ".utf8) + value + [0x0A]
                }
            }
        }
        return script
    }

    /// The positions in `items` (section `section` after) of the items that
    /// stay: a longest run of that section's own items in their order as
    /// read.
    public static func staying(_ items: [SectionedItem], in section: Int) -> Set<Int> {
        var candidates: [Int] = []
        var values: [Int] = []
        for (position, item) in items.enumerated() {
            if case .existing(let path) = item, path.section == section {
                candidates.append(position)
                values.append(path.item)
            }
        }
        return Set(longestIncreasingRun(values).map { candidates[$0] })
    }
}
