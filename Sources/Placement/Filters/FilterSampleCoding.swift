import Foundation

/// Reading and writing sample logs for `arsim filter`: a JSON array of `{"t","x","y","z"}` objects,
/// or CSV lines `t,x,y,z`.
public enum FilterSampleCoding {
  static let fields = ["t", "x", "y", "z"]

  /// Decodes a JSON array of `{"t","x","y","z"}` objects (numbers). Other fields are ignored (not
  /// copied to the output). `source` names the input in errors.
  ///
  /// - Throws: `FilterSampleError` naming the element index and field.
  public static func decodeJSON(_ data: Data, source: String) throws(FilterSampleError)
    -> [FilterSample]
  {
    let decoder = JSONDecoder()
    decoder.userInfo[SampleList.sourceKey] = source
    do {
      return try decoder.decode(SampleList.self, from: data).samples
    } catch let error as FilterSampleError {
      throw error
    } catch DecodingError.typeMismatch(_, let context) where context.codingPath.isEmpty {
      throw .notAnArray(source: source)
    } catch {
      throw .invalidJSON(source: source, detail: "\(error)")
    }
  }

  /// The top-level array, decoded element by element so that errors name the index and field.
  struct SampleList: Decodable {
    static let sourceKey = CodingUserInfoKey(rawValue: "FilterSampleCoding.source")!
    var samples: [FilterSample] = []

    struct FieldKey: CodingKey {
      var stringValue: String
      var intValue: Int? { nil }
      init(stringValue: String) { self.stringValue = stringValue }
      init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
      let source = decoder.userInfo[Self.sourceKey] as? String ?? "<input>"
      var array = try decoder.unkeyedContainer()
      var index = 0
      while !array.isAtEnd {
        guard let object = try? array.nestedContainer(keyedBy: FieldKey.self) else {
          throw FilterSampleError.elementNotObject(source: source, index: index)
        }
        var values: [Double] = []
        for field in FilterSampleCoding.fields {
          let key = FieldKey(stringValue: field)
          guard object.contains(key) else {
            throw FilterSampleError.missingField(source: source, index: index, field: field)
          }
          guard let value = try? object.decode(Double.self, forKey: key), value.isFinite else {
            throw FilterSampleError.invalidField(source: source, index: index, field: field)
          }
          guard field == "t" || FilterSampleCoding.fitsFloat(value) else {
            throw FilterSampleError.positionBeyondFloatRange(
              source: source, place: "[\(index)].\(field)", value: value)
          }
          values.append(value)
        }
        samples.append(FilterSample(t: values[0], x: values[1], y: values[2], z: values[3]))
        index += 1
      }
    }
  }

  /// Whether a position keeps a finite value as `Float` (values that round to
  /// `greatestFiniteMagnitude` are kept).
  static func fitsFloat(_ value: Double) -> Bool { Float(value).isFinite }

  /// Decodes CSV: one sample `t,x,y,z` per line; blank lines are skipped; the first non-blank
  /// line may be the header `t,x,y,z`. Fields are trimmed of spaces.
  ///
  /// - Throws: `FilterSampleError` naming the line (1-based) and field.
  public static func decodeCSV(_ text: String, source: String) throws(FilterSampleError)
    -> [FilterSample]
  {
    var samples: [FilterSample] = []
    var sawContent = false
    for (offset, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      let line = rawLine.trimmingCharacters(in: .whitespacesAndNewlines)
      guard !line.isEmpty else { continue }
      let parts = line.split(separator: ",", omittingEmptySubsequences: false).map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      let isFirst = !sawContent
      sawContent = true
      if isFirst && parts.map({ $0.lowercased() }) == fields { continue }
      guard parts.count == 4 else {
        throw .csvFieldCount(source: source, line: offset + 1, count: parts.count)
      }
      var values: [Double] = []
      for (field, part) in zip(fields, parts) {
        guard let value = Double(part), value.isFinite else {
          throw .csvInvalidField(source: source, line: offset + 1, field: field, value: part)
        }
        guard field == "t" || fitsFloat(value) else {
          throw .positionBeyondFloatRange(
            source: source, place: "line \(offset + 1), field \(field)", value: value)
        }
        values.append(value)
      }
      samples.append(FilterSample(t: values[0], x: values[1], y: values[2], z: values[3]))
    }
    return samples
  }

  /// Encodes samples as a JSON array of `{"t","x","y","z"}` objects, keys sorted, one object per
  /// line. Numbers use Swift's shortest round-trip form (`t` as `Double`; positions as the `Float`
  /// the filter produced when `positionsAreFloat`, so `0.1` prints as `0.1`), so decoding the
  /// output gives back the same values. Inputs are finite (decoding rejects anything else).
  public static func encodeJSON(_ samples: [FilterSample], positionsAreFloat: Bool = true) -> String
  {
    func number(_ d: Double, float: Bool) -> String {
      float ? Float(d).description : d.description
    }
    var out = "["
    for (i, s) in samples.enumerated() {
      out += i == 0 ? "\n  " : ",\n  "
      out += "{\"t\":\(number(s.t, float: false)),\"x\":\(number(s.x, float: positionsAreFloat))"
      out +=
        ",\"y\":\(number(s.y, float: positionsAreFloat)),\"z\":\(number(s.z, float: positionsAreFloat))}"
    }
    out += samples.isEmpty ? "]\n" : "\n]\n"
    return out
  }
}
