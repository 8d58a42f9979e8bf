import Foundation

// `StandardStreams.process` first: it checks descriptors 0-2 before anything else opens a file.
let streams = StandardStreams.process
exit(
  Tool.run(
    Array(CommandLine.arguments.dropFirst()), streams: streams,
    environment: ProcessInfo.processInfo.environment))
