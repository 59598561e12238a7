/// The presets: the orders the peers of `reorder` give package.json,
/// Cargo.toml, pyproject.toml and requirements files, as lists of a policy
/// (`preset = "NAME"` in a `[[rule]]`, `reorder sort --preset NAME`). Each
/// list is moved item by item, so every other byte stays.
public struct Preset: Sendable {
    public let name: String
    /// The files a rule with the preset and no `files` matches.
    public let files: [String]
    /// The format its files are read as: the one their name claims, as
    /// `--format auto` reads them (`package.json` is JSON, `Cargo.toml`
    /// TOML, `requirements.txt` lines), or `ListFormat.plain` for a name no
    /// format claims.
    public var format: ListFormat { files.first.flatMap(ListFormat.claiming) ?? .plain }
    /// Where its conventions come from, for `reorder help presets`.
    public let about: String
    public let lists: [PresetList]
    /// The list a rule's `order`, `first` and `last` change when it names
    /// none with `list`; nil: the rule must name one.
    public let main: String?

    public static let all: [Preset] = [packageJSON, cargo, pyproject, requirements]

    public static func named(_ name: String) -> Preset? { all.first { $0.name == name } }

    /// The preset a mistyped name means: one whose name, or name before
    /// its `.`, is `name` but for case (`cargo`, `pyproject`), or is near
    /// it.
    public static func suggestion(for name: String) -> String? {
        func stem(_ text: String) -> String { String(text.lowercased().prefix { $0 != "." }) }
        let given = stem(name)
        if let preset = all.first(where: { stem($0.name) == given || (given.count >= 4 && stem($0.name).hasPrefix(given)) }) {
            return preset.name
        }
        return NearestName.closest(to: name, among: all.map(\.name))
    }

    /// The preset as rules, one for each list but those in `skip`, each
    /// with `number` and `offset`, and for `files` (empty: every file).
    public func rules(number: Int, offset: Int, files: [Glob], skip: [String] = []) -> [PolicyRule] {
        lists.filter { !skip.contains($0.list) }.flatMap { list in
            var rule = list.rule
            rule.number = number
            rule.offset = offset
            rule.files = files
            rule.format = format
            rule.preset = name
            let pattern = try! PointerPattern(list.list)
            rule.lists = [.pointer(pattern)]
            guard list.sections else { return [rule] }
            // The sections: blank lines part tables, not groups of them.
            var sections = rule
            sections.lists = [.sections(pattern)]
            sections.grouping = Grouping()
            sections.units = .items
            return [rule, sections]
        }
    }
}

/// One list of a preset and its order.
public struct PresetList: Sendable {
    /// The list's pointer, whose segments may be `*`.
    public let list: String
    /// The order, in words, for `reorder help presets`.
    public let says: String
    /// Its rule, but for where it is and which files.
    public let rule: PolicyRule
    /// A TOML table's sub-tables written as sections (`[dependencies.x]`)
    /// are sorted too, among themselves, after its lines.
    public let sections: Bool

    /// `keyed`: the list is a map (an object, a table), not an array; a
    /// value of the other kind is left alone.
    init(_ list: String, _ says: String, keyed: Bool, sections: Bool = false, _ configure: (inout PolicyRule) -> Void = { _ in }) {
        self.list = list
        self.says = says
        self.sections = sections
        var rule = PolicyRule(number: 0, offset: 0)
        rule.missingOK = true
        rule.keyed = keyed
        configure(&rule)
        self.rule = rule
    }
}

extension Preset {
    /// sort-package-json's known top-level fields, in its order (its
    /// `index.js`, `sortOrder`).
    public static let packageJSONFields = [
        "$schema", "name", "displayName", "version", "stableVersion", "private", "description", "categories", "keywords",
        "homepage", "bugs", "repository", "funding", "license", "qna", "author", "maintainers", "contributors", "publisher",
        "sideEffects", "type", "imports", "exports", "main", "svelte", "umd:main", "jsdelivr", "unpkg", "module", "source",
        "jsnext:main", "browser", "react-native", "types", "typesVersions", "typings", "style", "example", "examplestyle",
        "assets", "bin", "man", "directories", "files", "workspaces", "binary", "scripts", "betterScripts", "l10n",
        "contributes", "activationEvents", "husky", "simple-git-hooks", "pre-commit", "commitlint", "lint-staged",
        "nano-staged", "config", "nodemonConfig", "browserify", "babel", "browserslist", "xo", "prettier", "eslintConfig",
        "eslintIgnore", "npmpkgjsonlint", "npmPackageJsonLintConfig", "npmpackagejsonlint", "release", "remarkConfig",
        "stylelint", "ava", "jest", "jest-junit", "jest-stare", "mocha", "nyc", "c8", "tap", "oclif", "resolutions",
        "overrides", "dependencies", "devDependencies", "dependenciesMeta", "peerDependencies", "peerDependenciesMeta",
        "optionalDependencies", "bundledDependencies", "bundleDependencies", "extensionPack", "extensionDependencies",
        "flat", "packageManager", "engines", "engineStrict", "devEngines", "volta", "languageName", "os", "cpu",
        "preferGlobal", "publishConfig", "icon", "badges", "galleryBanner", "preview", "markdown", "pnpm",
    ]

    /// The maps of package.json sorted by name.
    public static let packageJSONMaps = ["dependencies", "devDependencies", "peerDependencies", "optionalDependencies",
                                         "peerDependenciesMeta", "overrides", "resolutions", "engines"]

    static let packageJSON = Preset(
        name: "package.json", files: ["**/package.json"],
        about: "sort-package-json's order (its 110 known fields, yarn and pnpm's order of dependencies); scripts as written",
        lists: [
            PresetList("", "sort-package-json's 110 known fields in its order, then the others by code point, then those starting with '_'", keyed: true) {
                $0.first = packageJSONFields
                $0.privateLast = true
                $0.units = .commentMembers
            },
        ] + packageJSONMaps.map { map in
            PresetList("/" + map, "by code point", keyed: true) { $0.units = .commentMembers }
        } + [
            PresetList("/scripts", "as written; scripts = \"sorted\": sort-package-json's order; scripts = \"pre-post\": each preX and postX next to X", keyed: true) {
                $0.order = .kept
                $0.units = .commentMembers
            },
        ],
        main: "")

    static let cargoDependencies: [String] = ["dependencies", "dev-dependencies", "build-dependencies"]
        .flatMap { ["/" + $0, "/target/*/" + $0] } + ["/workspace/dependencies"]

    static let cargo = Preset(
        name: "Cargo.toml", files: ["**/Cargo.toml"],
        about: "cargo-sort's grouped order: dependencies by name within blank-line groups, features with default first (each feature's array as written)",
        lists: cargoDependencies.map { list in
            PresetList(list, "by name within blank-line groups (x.a = … and x.b = … lines as one item); [\(list.dropFirst().replacingSlashes()).x] tables by name", keyed: true, sections: true) {
                $0.grouping.blankLines = true
                $0.units = .dottedKeys
            }
        } + [
            PresetList("/workspace/members", "by code point", keyed: false),
            PresetList("/workspace/exclude", "by code point", keyed: false),
            PresetList("/features", "by name within blank-line groups, default first", keyed: true) {
                $0.first = ["default"]
                $0.grouping.blankLines = true
                $0.units = .dottedKeys
            },
            // cargo-sort leaves each feature's array as it is (its groups and
            // comments are the author's); a rule may ask for an order.
            PresetList("/features/*", "as written, as cargo-sort leaves them (list = \"/features/*\" with order = \"sorted\" sorts them by code point)", keyed: false) {
                $0.order = .kept
            },
        ],
        main: nil)

    /// pyproject-fmt's order of `[project]`'s keys.
    public static let pyprojectProjectKeys = [
        "name", "version", "import-names", "import-namespaces", "description", "readme", "keywords", "license",
        "license-files", "maintainers", "authors", "requires-python", "classifiers", "dynamic", "dependencies",
        "optional-dependencies", "urls", "scripts", "gui-scripts", "entry-points",
    ]

    static let pyproject = Preset(
        name: "pyproject.toml", files: ["**/pyproject.toml"],
        about: "pyproject-fmt's order of [project] and of requirements (by PEP 503 name); [tool.*] left as it is",
        lists: [
            PresetList("/project", "pyproject-fmt's order (\(pyprojectProjectKeys.joined(separator: ", "))), then the others without case; [project.x] tables the same way", keyed: true, sections: true) {
                $0.ignoreCase = true
                $0.first = pyprojectProjectKeys
                $0.units = .dottedKeys
            },
            PresetList("/project/dependencies", "by PEP 503 name (case, -, _ and . folded), then by the rest", keyed: false) { $0.naming = .projectName },
            PresetList("/project/optional-dependencies/*", "by PEP 503 name, then by the rest", keyed: false) { $0.naming = .projectName },
            PresetList("/dependency-groups/*", "{include-group = …} first as written, then by PEP 503 name, then by the rest", keyed: false) {
                $0.naming = .projectName
                $0.keptFirst = .nonStrings
            },
            PresetList("/build-system/requires", "by PEP 503 name, then by the rest", keyed: false) { $0.naming = .projectName },
            PresetList("/project/classifiers", "natural order without case (3.9 before 3.10)", keyed: false) {
                $0.order = .natural
                $0.ignoreCase = true
            },
        ],
        main: "/project")

    static let requirements = Preset(
        name: "requirements", files: ["**/*requirements*.txt", "**/*constraints*.txt", "**/requirements/**/*.txt", "**/constraints/**/*.txt"],
        about: "requirements-txt-fixer's order, within blank-line groups; comments move with the line below",
        lists: [
            PresetList("", "pip's options (-r, -c, an index URL) first as written, then by requirements-txt-fixer's name (lower-cased, up to the version; a URL's #egg=), within blank-line groups; a comment line moves with the line below it, a line ending with '\\' with the next", keyed: false) {
                $0.naming = .requirement
                $0.units = .commentLines
                $0.keptFirst = .optionLines
                $0.grouping.blankLines = true
            },
        ],
        main: "")
}

private extension Substring {
    /// `target/*/dependencies` as a TOML header says it.
    func replacingSlashes() -> String {
        split(separator: "/").map { $0 == "*" ? "'…'" : String($0) }.joined(separator: ".")
    }
}
