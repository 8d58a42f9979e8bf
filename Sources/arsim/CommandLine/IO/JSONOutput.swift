import Foundation

/// Deterministic JSON for command output: sorted keys, no escaped slashes, numbers printed as
/// the shortest text that reads back to the same `Double`.
enum JSONOutput {
  static func string<T: Encodable>(_ value: T, pretty: Bool = true) throws(CommandLineError)
    -> String
  {
    let encoder = JSONEncoder()
    encoder.outputFormatting =
      pretty
      ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
      : [.sortedKeys, .withoutEscapingSlashes]
    do {
      return String(decoding: try encoder.encode(value), as: UTF8.self)
    } catch {
      throw .runtime("could not encode the output as JSON: \(error)")
    }
  }
}
