"""editors/vscode/package.py VERSION DIST: reorder-VERSION.vsix, the VS Code
extension packaged as the Marketplace and Open VSX take it, with the
standard library alone (no vsce, no npm):

    [Content_Types].xml        the content type of each file extension
    extension.vsixmanifest     identity, display name, description, tags,
                               categories, engine, links, assets
    extension/package.json     the extension's manifest, as it is here
    extension/extension.js     its code (client.js beside it)
    extension/README.md        the Marketplace page (asset Content.Details)
    extension/CHANGELOG.md     (Content.Changelog)
    extension/LICENSE.txt      (Content.License)

VERSION (make passes CommandTable.version) must be package.json's version,
and both CommandTable.version: the extension's version is reorder's. The
same files and SOURCE_DATE_EPOCH give the same bytes.
"""

import json
import os
import sys
import time
import zipfile
from pathlib import Path
from xml.sax.saxutils import escape, quoteattr

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent / "packaging"))
import wheelfile  # noqa: E402  (CommandTable.version, read as the wheel reads it)

# The files shipped, as they are named here and in the package.
FILES = [
    ("package.json", "extension/package.json"),
    ("extension.js", "extension/extension.js"),
    ("client.js", "extension/client.js"),
    ("README.md", "extension/README.md"),
    ("CHANGELOG.md", "extension/CHANGELOG.md"),
    ("LICENSE", "extension/LICENSE.txt"),
]

CONTENT_TYPES = {
    ".json": "application/json",
    ".js": "application/javascript",
    ".md": "text/markdown",
    ".txt": "text/plain",
    ".vsixmanifest": "text/xml",
}


def fail(message):
    raise SystemExit(f"package.py: {message}")


def content_types():
    extensions = sorted({os.path.splitext(target)[1] for _, target in FILES} | {".vsixmanifest"})
    rows = "".join(f'<Default Extension="{ext}" ContentType="{CONTENT_TYPES[ext]}"/>' for ext in extensions)
    return ('<?xml version="1.0" encoding="utf-8"?>\n'
            f'<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">{rows}</Types>\n')


def vsix_manifest(manifest):
    repository = manifest["repository"]["url"]
    properties = [
        ("Microsoft.VisualStudio.Code.Engine", manifest["engines"]["vscode"]),
        ("Microsoft.VisualStudio.Code.ExtensionDependencies", ""),
        ("Microsoft.VisualStudio.Code.ExtensionPack", ""),
        ("Microsoft.VisualStudio.Code.ExtensionKind", "workspace"),
        ("Microsoft.VisualStudio.Code.LocalizedLanguages", ""),
        ("Microsoft.VisualStudio.Services.Links.Source", repository),
        ("Microsoft.VisualStudio.Services.Links.Getstarted", repository),
        ("Microsoft.VisualStudio.Services.Links.GitHub", repository),
        ("Microsoft.VisualStudio.Services.Links.Support", manifest["bugs"]["url"]),
        ("Microsoft.VisualStudio.Services.Links.Learn", manifest["homepage"]),
        ("Microsoft.VisualStudio.Services.GitHubFlavoredMarkdown", "true"),
        ("Microsoft.VisualStudio.Services.Content.Pricing", "Free"),
    ]
    assets = [
        ("Microsoft.VisualStudio.Code.Manifest", "extension/package.json"),
        ("Microsoft.VisualStudio.Services.Content.Details", "extension/README.md"),
        ("Microsoft.VisualStudio.Services.Content.Changelog", "extension/CHANGELOG.md"),
        ("Microsoft.VisualStudio.Services.Content.License", "extension/LICENSE.txt"),
    ]
    tags = sorted(set(manifest.get("keywords", [])) | {"json", "jsonc", "yaml", "toml", "markdown", "csv", "tsv"})
    lines = [
        '<?xml version="1.0" encoding="utf-8"?>',
        '<PackageManifest Version="2.0.0" xmlns="http://schemas.microsoft.com/developer/vsx-schema/2011"'
        ' xmlns:d="http://schemas.microsoft.com/developer/vsx-schema-design/2011">',
        "  <Metadata>",
        f'    <Identity Language="en-US" Id={quoteattr(manifest["name"])} Version={quoteattr(manifest["version"])}'
        f' Publisher={quoteattr(manifest["publisher"])}/>',
        f"    <DisplayName>{escape(manifest['displayName'])}</DisplayName>",
        f'    <Description xml:space="preserve">{escape(manifest["description"])}</Description>',
        f"    <Tags>{escape(','.join(tags))}</Tags>",
        f"    <Categories>{escape(','.join(manifest['categories']))}</Categories>",
        "    <GalleryFlags>Public</GalleryFlags>",
        "    <Properties>",
        *(f"      <Property Id={quoteattr(key)} Value={quoteattr(value)}/>" for key, value in properties),
        "    </Properties>",
        "    <License>extension/LICENSE.txt</License>",
        "  </Metadata>",
        "  <Installation>",
        '    <InstallationTarget Id="Microsoft.VisualStudio.Code"/>',
        "  </Installation>",
        "  <Dependencies/>",
        "  <Assets>",
        *(f'    <Asset Type={quoteattr(kind)} Path={quoteattr(path)} Addressable="true"/>' for kind, path in assets),
        "  </Assets>",
        "</PackageManifest>",
    ]
    return "\n".join(lines) + "\n"


def main():
    if len(sys.argv) != 3:
        fail("usage: package.py VERSION DIST")
    version, dist = sys.argv[1], Path(sys.argv[2])
    manifest = json.loads((HERE / "package.json").read_text(encoding="utf-8"))
    source_version = wheelfile.version()
    if version != source_version:
        fail(f"version {version} is not CommandTable.version {source_version}")
    if manifest["version"] != version:
        fail(f"editors/vscode/package.json has version {manifest['version']}, reorder has {version}: make them the same")
    if manifest.get("dependencies") or manifest.get("devDependencies"):
        fail("editors/vscode/package.json has npm dependencies; the extension must have none")
    epoch = max(int(os.environ.get("SOURCE_DATE_EPOCH", time.time())), 315532800)
    stamp = time.gmtime(epoch)[:6]
    dist.mkdir(parents=True, exist_ok=True)
    target = dist / f"reorder-{version}.vsix"
    temporary = target.with_name(target.name + ".tmp")
    entries = [("[Content_Types].xml", content_types().encode()), ("extension.vsixmanifest", vsix_manifest(manifest).encode())]
    entries += [(name, (HERE / source).read_bytes()) for source, name in FILES]
    with zipfile.ZipFile(temporary, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in entries:
            info = zipfile.ZipInfo(name, date_time=stamp)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, data)
    temporary.replace(target)
    print(target)


if __name__ == "__main__":
    main()
