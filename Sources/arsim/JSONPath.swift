import Foundation

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
}
