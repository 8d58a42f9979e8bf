import SceneFormat

extension PlacementScore {
  /// The value of `format` in the JSON form.
  public static let formatName = "arplacementsim.score"
  /// The version of the JSON form.
  public static let formatVersion = 3

  /// The JSON form (`arsim score --json`; schema `Scenes/schema/score.schema.json`): `format`,
  /// `version`, `recording`, every figure of ``metricTable`` (`null` when undefined),
  /// `objects`, `markers` and `diagnosis` (best first). Keys are sorted when written with
  /// `JSONWriter`.
  public var jsonValue: JSONValue {
    var members: [String: JSONValue] = [
      "format": .string(Self.formatName),
      "version": .number(Double(Self.formatVersion)),
      "recording": file.map(JSONValue.string) ?? .null,
      "objects": .array(objects.map(\.jsonValue)),
      "markers": .array(markers.map(\.jsonValue)),
      "diagnosis": .array(diagnosis.map(\.jsonValue)),
    ]
    for metric in Self.metricTable {
      members[metric.key] = metric.value(in: self)?.jsonValue ?? .null
    }
    return .object(members)
  }
}

extension ObjectScore {
  /// `{"id", "label", "visibleFrames", "matchedFrames", "errorRmsMm", "firstMatchedSeconds"}`.
  public var jsonValue: JSONValue {
    .object([
      "id": .string(id),
      "label": .string(label),
      "visibleFrames": .number(Double(visibleFrameCount)),
      "matchedFrames": .number(Double(matchedFrameCount)),
      "errorRmsMm": .optionalNumber(errorRMSMillimeters),
      "firstMatchedSeconds": .optionalNumber(firstMatchedSeconds),
    ])
  }
}

extension MarkerSummary {
  /// `{"id", "label", "lastState", "presentAtEnd", "lastPosition", "firstSeen", "lastSeen",
  /// "shownFrameCount", "jitterRMSMillimeters", "truthID", "placementErrorMillimeters"}` (`id` a
  /// number or a string, as the placer gave it; `null` for a missing figure): the same in
  /// `arsim score --json` and `arsim replay --json`.
  public var jsonValue: JSONValue {
    let idValue: JSONValue =
      switch id {
      case .number(let value): .number(Double(value))
      case .text(let value): .string(value)
      }
    return .object([
      "id": idValue,
      "label": .string(label),
      "lastState": .string(lastState.rawValue),
      "presentAtEnd": .bool(isPresentAtEnd),
      "lastPosition": .float3(lastPosition),
      "firstSeen": .number(firstSeenSeconds),
      "lastSeen": .number(lastSeenSeconds),
      "shownFrameCount": .number(Double(shownFrameCount)),
      "jitterRMSMillimeters": .optionalNumber(jitterRMSMillimeters),
      "truthID": truthID.map(JSONValue.string) ?? .null,
      "placementErrorMillimeters": .optionalNumber(placementErrorMillimeters),
    ])
  }
}

extension DiagnosisFit {
  /// `{"mistake": identifier or "none", "title", "residualMm": number or null}`.
  public var jsonValue: JSONValue {
    .object([
      "mistake": .string(mistakeID),
      "title": .string(title),
      "residualMm": .optionalNumber(residualMillimeters),
    ])
  }
}
