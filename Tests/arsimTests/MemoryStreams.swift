import Foundation
import Synchronization

@testable import arsim

/// Standard streams in memory, for running a command in process: the input is fixed, output and
/// error are collected.
final class MemoryStreams: Sendable {
  private let input: [UInt8]
  private let collected = Mutex<(output: [UInt8], error: String)>(([], ""))

  init(input: String = "") { self.input = Array(input.utf8) }

  /// The streams to hand to `Tool.run`.
  var streams: StandardStreams {
    let input = input
    return StandardStreams(
      readInput: { maximumBytes in
        Array(input.prefix(maximumBytes < Int.max ? maximumBytes + 1 : maximumBytes))
      },
      openInput: {
        let pipe = Pipe()
        let writer = pipe.fileHandleForWriting
        Thread.detachNewThread {
          try? writer.write(contentsOf: input)
          try? writer.close()
        }
        return pipe.fileHandleForReading
      },
      writeOutput: { bytes in self.collected.withLock { $0.output += bytes } },
      writeError: { text in self.collected.withLock { $0.error += text } },
      errorIsTerminal: false)
  }

  /// What was written to standard output.
  var output: String { collected.withLock { String(decoding: $0.output, as: UTF8.self) } }
  /// What was written to standard error.
  var error: String { collected.withLock { $0.error } }
}
