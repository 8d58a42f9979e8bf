import Foundation
import SceneFormat
import SceneReplay

/// Renders a `DecodingError` as `$.path[index].key: what went wrong`, the JSON path of the
/// offending value followed by the reason.
enum JSONPath {
  static func string(_ codingPath: [any CodingKey]) -> String {
    codingPath.reduce("$") { path, key in
      if let index = key.intValue { "\(path)[\(index)]" } else { "\(path).\(key.stringValue)" }
    }
  }

  static func describe(_ error: DecodingError) -> String {
    switch error {
    case .typeMismatch(let type, let context):
      "\(string(context.codingPath)): expected \(type) (\(context.debugDescription))"
    case .valueNotFound(let type, let context):
      "\(string(context.codingPath)): missing \(type) (\(context.debugDescription))"
    case .keyNotFound(let key, let context):
      "\(string(context.codingPath + [key])): required key is missing"
    case .dataCorrupted(let context):
      "\(string(context.codingPath)): \(context.debugDescription)"
        + ((context.underlyingError as NSError?).map { " (\($0.localizedDescription))" } ?? "")
    @unknown default:
      "\(error)"
    }
  }

  /// Checks that `data` is one JSON value nested at most 64 deep, with the recording parser,
  /// before a `JSONDecoder` sees it: Foundation reports every syntax error as "not valid JSON",
  /// while this names the line and column (`points.json:3:14: expected a value, got 'N'`).
  ///
  /// - Throws: `CommandLineError.runtime` naming `name` (a file name or `<stdin>`).
  static func requireValidJSON(_ data: Data, name: String) throws(CommandLineError) {
    do {
      _ = try data.withUnsafeBytes { raw in
        try JSONParser.parse(raw.bindMemory(to: UInt8.self), maximumDepth: 64)
      }
    } catch let error as InputFileError {
      var located = error
      located.file = name
      throw .runtime(describing: located)
    } catch {
      throw .runtime(TerminalText.escaped("\(name): \(error)"))
    }
  }
}
