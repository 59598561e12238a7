import ReorderCLI

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

ProcessSetup.configure()
let status = Runner(console: .process()).run(Array(CommandLine.arguments.dropFirst()))
exit(status)
