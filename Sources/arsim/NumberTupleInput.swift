import Foundation

/// Reads a JSON array of fixed-length number arrays (`[[x, y], ...]`, `[[x, y, z], ...]`) from a
/// file or standard input (`-`); errors name the file (`<stdin>`) and the element.
enum NumberTupleInput {
  /// The tuples of `path`, each with exactly `count` numbers described as `shape` in errors
  /// (`"[x, y]"`).
  ///
  /// - Throws: `CommandLineError.runtime` naming the file and `$[i]` for unreadable input, JSON
  ///   syntax errors, a wrong shape or a number too large for `Double`.
  static func read(path: String, count: Int, shape: String) throws(CommandLineError) -> [[Double]] {
    let name = path == "-" ? "<stdin>" : path
    let data: Data
    if path == "-" {
      data = FileHandle.standardInput.readDataToEndOfFile()
    } else {
      guard let contents = FileManager.default.contents(atPath: path) else {
        throw .runtime("\(name): cannot read the file")
      }
      data = contents
    }
    try JSONPath.requireValidJSON(data, name: name)
    let values: [[Double]]
    do {
      values = try JSONDecoder().decode([[Double]].self, from: data)
    } catch let error as DecodingError {
      throw .runtime("\(name): \(JSONPath.describe(error))")
    } catch {
      throw .runtime("\(name): \(error.localizedDescription)")
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
