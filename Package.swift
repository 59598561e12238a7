// swift-tools-version:6.0
import PackageDescription

// No dependencies beyond the toolchain: the argument parser, help, man page
// and completion scripts are this package's own.
let package = Package(
    name: "reorder",
    products: [
        .executable(name: "reorder", targets: ["reorder"]),
        .library(name: "ReorderKit", targets: ["ReorderKit"]),
    ],
    targets: [
        // The core: works on bytes, imports no Foundation, does no I/O.
        .target(name: "ReorderKit", dependencies: ["ReorderKitSIMD"]),
        // The core's SIMD reader for large JSON arrays, in C for AVX2.
        .target(name: "ReorderKitSIMD"),
        // Arguments, help, files, messages and exit status.
        .target(name: "ReorderCLI", dependencies: ["ReorderKit", "ReorderHeap", "CXattr"]),
        // The C library's extended-attribute calls, which Glibc's module
        // leaves out: a header only.
        .systemLibrary(name: "CXattr", path: "Sources/CXattr"),
        // The C library's heap readied for a large batch, in C for mallopt,
        // and a worker thread put on another processor (GNU calls).
        .target(name: "ReorderHeap"),
        .executableTarget(name: "reorder", dependencies: ["ReorderCLI"]),
        // A format of the tests only, not shipped: defined outside
        // ReorderKit, it passes the contract suite and works through the
        // command line, which knows nothing of it.
        .target(name: "ReorderTestFormat", dependencies: ["ReorderKit"], path: "Tests/ReorderTestFormat"),
        .testTarget(name: "ReorderKitTests", dependencies: ["ReorderKit", "ReorderTestFormat"]),
        .testTarget(name: "ReorderCLITests", dependencies: ["ReorderCLI", "ReorderTestFormat"]),
        .testTarget(name: "EndToEndTests", dependencies: ["reorder", "ReorderCLI"]),
    ]
)
