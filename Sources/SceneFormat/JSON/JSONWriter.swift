/// Writes ``JSONValue`` as compact, deterministic JSON bytes.
///
/// Canonical form: no whitespace; object keys sorted by their UTF-8 bytes (the order of Python's
/// `sort_keys=True` for ASCII keys and of `JSONEncoder`'s `.sortedKeys`); strings escape `"`, `\`
/// and control characters (as `\n`, `\t`, ... or `\u00XX`) and nothing else; numbers that are
/// integers of magnitude below 2^53 are written without a fraction (`2`), others with Swift's
/// shortest round-tripping form (`0.1`, `1e-05`), so `parse(write(x)) == x` bit for bit.
/// A non-finite number cannot be written: it is reported as an error naming its JSON path.
public enum JSONWriter {
  /// The UTF-8 bytes of `value`.
  ///
  /// - Throws: ``InputFileError`` of kind `.invalidValue` for a NaN or infinite number.
  /// - Complexity: O(n log n) in the number of object members (sorting), O(n) otherwise.
  public static func bytes(of value: JSONValue) throws -> [UInt8] {
    var output: [UInt8] = []
    try write(value, into: &output)
    return output
  }

  /// Appends the UTF-8 bytes of `value` to `output`.
  public static func write(_ value: JSONValue, into output: inout [UInt8]) throws {
    switch value {
    case .null: append("null", to: &output)
    case .bool(let flag): append(flag ? "true" : "false", to: &output)
    case .number(let number): try writeNumber(number, into: &output)
    case .string(let text): writeString(text, into: &output)
    case .array(let elements):
      output.append(UInt8(ascii: "["))
      for (offset, element) in elements.enumerated() {
        if offset > 0 { output.append(UInt8(ascii: ",")) }
        do {
          try write(element, into: &output)
        } catch let error as InputFileError {
          throw error.prefixed(.index(offset))
        }
      }
      output.append(UInt8(ascii: "]"))
    case .object(let members):
      output.append(UInt8(ascii: "{"))
      let keys = members.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
      for (offset, key) in keys.enumerated() {
        if offset > 0 { output.append(UInt8(ascii: ",")) }
        writeString(key, into: &output)
        output.append(UInt8(ascii: ":"))
        do {
          try write(members[key]!, into: &output)
        } catch let error as InputFileError {
          throw error.prefixed(.key(key))
        }
      }
      output.append(UInt8(ascii: "}"))
    }
  }

  package static func append(_ text: StaticString, to output: inout [UInt8]) {
    output.append(
      contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  package static func writeNumber(_ number: Double, into output: inout [UInt8]) throws {
    guard number.isFinite else {
      throw InputFileError(.invalidValue, "number \(number) cannot be written as JSON")
    }
    if number == number.rounded(), abs(number) < 9_007_199_254_740_992,
      !(number == 0 && number.sign == .minus)
    {
      output.append(contentsOf: String(Int64(number)).utf8)
    } else {
      output.append(contentsOf: number.description.utf8)
    }
  }

  /// The canonical text of a finite number (as written), or its Swift description otherwise;
  /// used in error messages.
  package static func text(of number: Double) -> String {
    var output: [UInt8] = []
    guard (try? writeNumber(number, into: &output)) != nil else { return number.description }
    return String(decoding: output, as: UTF8.self)
  }

  package static func writeString(_ text: String, into output: inout [UInt8]) {
    output.append(UInt8(ascii: "\""))
    for byte in text.utf8 {
      switch byte {
      case 0x22:
        output.append(0x5C)
        output.append(0x22)
      case 0x5C:
        output.append(0x5C)
        output.append(0x5C)
      case 0x0A:
        output.append(0x5C)
        output.append(UInt8(ascii: "n"))
      case 0x0D:
        output.append(0x5C)
        output.append(UInt8(ascii: "r"))
      case 0x09:
        output.append(0x5C)
        output.append(UInt8(ascii: "t"))
      case 0x08:
        output.append(0x5C)
        output.append(UInt8(ascii: "b"))
      case 0x0C:
        output.append(0x5C)
        output.append(UInt8(ascii: "f"))
      case 0..<0x20:
        let hex = Array("0123456789abcdef".utf8)
        output.append(contentsOf: Array("\\u00".utf8))
        output.append(hex[Int(byte >> 4)])
        output.append(hex[Int(byte & 0xF)])
      default: output.append(byte)
      }
    }
    output.append(UInt8(ascii: "\""))
  }
}
