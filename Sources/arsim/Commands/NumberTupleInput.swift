import Foundation

/// Reads a JSON array of fixed-length number arrays (`[[x, y], ...]`, `[[x, y, z], ...]`) from a
/// file or standard input (`-`); errors name the file (`<stdin>`) and the element.
enum NumberTupleInput {
  /// The tuples of `path`, each with exactly `count` numbers described as `shape` in errors
  /// (`"[x, y]"`).
  ///
  /// - Throws: `CommandLineError.runtime` naming the file and `$[i]` for unreadable input (with
  ///   the system's reason), JSON syntax errors, a wrong shape or a number too large for `Double`.
  static func read(path: String, count: Int, shape: String, _ context: CommandContext)
    throws(CommandLineError) -> [[Double]]
  {
    let name = InputFile.name(path)
    let data = Data(try InputFile.read(path, context))
    try JSONPath.requireValidJSON(data, name: name)
    let values: [[Double]]
    do {
      values = try JSONDecoder().decode([[Double]].self, from: data)
    } catch let error as DecodingError {
      throw .runtime(TerminalText.escaped("\(name): \(JSONPath.describe(error))"))
    } catch {
      throw .runtime(TerminalText.escaped("\(name): \(error.localizedDescription)"))
    }
    for (index, tuple) in values.enumerated() {
      guard tuple.count == count else {
        throw .runtime("\(name): $[\(index)]: expected \(shape), got \(tuple.count) numbers")
      }
      guard tuple.allSatisfy(\.isFinite) else {
        throw .runtime("\(name): $[\(index)]: coordinates must be finite")
      }
    }
    return values
  }
}
