import ReorderCLI

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

ProcessSetup.configure()
// The arguments as the shell passed them: `CommandLine.arguments` would
// replace bytes that are not UTF-8, and `=TEXT` must compare them as given.
let arguments = (1..<Int(CommandLine.argc)).map { index in
    Array(UnsafeRawBufferPointer(start: CommandLine.unsafeArgv[index]!, count: strlen(CommandLine.unsafeArgv[index]!)))
}
let status = Runner(console: .process()).run(raw: arguments)
exit(status)
