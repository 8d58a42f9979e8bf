extension RecordingTruthEvent {
  /// The members each kind may carry beyond `kind` and `timestamp`.
  static func allowedMembers(of kind: Kind) -> Set<String> {
    switch kind {
    case .trackingJump: ["offsetMeters"]
    case .trackingLost: ["endTimestamp"]
    case .trackingDrift: ["velocityMetersPerSecond"]
    case .trackingCorrection: ["fraction", "radiusMeters", "falloffMeters"]
    case .trackingInterrupted:
      ["endTimestamp", "offsetMeters", "relocalizedTimestamp", "resetTimestamp"]
    }
  }

  /// Refuses the drift and correction members on a kind that does not have them (the jump and
  /// loss members are checked with their kinds).
  func validateMembersOfKind() throws {
    let allowed = Self.allowedMembers(of: kind)
    let present: [(String, Bool)] = [
      ("velocityMetersPerSecond", velocityMetersPerSecond != nil), ("fraction", fraction != nil),
      ("radiusMeters", radiusMeters != nil), ("falloffMeters", falloffMeters != nil),
      ("offsetMeters", offsetMeters != nil), ("endTimestamp", endTimestamp != nil),
      ("relocalizedTimestamp", relocalizedTimestamp != nil),
      ("resetTimestamp", resetTimestamp != nil),
    ]
    for (key, isPresent) in present where isPresent && !allowed.contains(key) {
      // The jump and loss kinds keep their own messages for the members of the other.
      if (kind == .trackingJump && key == "endTimestamp")
        || (kind == .trackingLost && key == "offsetMeters")
      {
        continue
      }
      throw InputFileError(
        .invalidValue, "a \(kind.name) has no \"\(key)\"", path: [.key(key)])
    }
  }

  /// Checks a drift's finite velocity, or a correction's fraction (0...1), radius and falloff
  /// (finite, >= 0).
  func validateDriftOrCorrection() throws {
    if kind == .trackingDrift {
      guard let velocity = velocityMetersPerSecond else {
        throw InputFileError(
          .missingField, "a trackingDrift needs \"velocityMetersPerSecond\"",
          path: [.key("velocityMetersPerSecond")])
      }
      do {
        try RecordingValidation.requireFinite([velocity.x, velocity.y, velocity.z])
      } catch let error as InputFileError {
        throw error.prefixed(.key("velocityMetersPerSecond"))
      }
      return
    }
    for (key, value, upper) in [
      ("fraction", fraction, 1.0), ("radiusMeters", radiusMeters, Double.infinity),
      ("falloffMeters", falloffMeters, Double.infinity),
    ] {
      guard let value else {
        throw InputFileError(
          .missingField, "a trackingCorrection needs \"\(key)\"", path: [.key(key)])
      }
      try RecordingValidation.requireFinite(value, key)
      guard value >= 0, value <= upper else {
        let range = upper.isFinite ? "in 0...1" : ">= 0"
        throw InputFileError(
          .invalidValue, "must be \(range), got \(JSONWriter.text(of: value))", path: [.key(key)])
      }
    }
  }
}

extension RecordingTruthEvent {
  /// Checks an interruption: a finite end after the start, a finite offset, and at most one of
  /// a finite relocalization or reset time, not before the end.
  func validateInterruption() throws {
    guard let endTimestamp else {
      throw InputFileError(
        .missingField, "a trackingInterrupted needs \"endTimestamp\"",
        path: [.key("endTimestamp")])
    }
    try RecordingValidation.requireFinite(endTimestamp, "endTimestamp")
    guard endTimestamp > timestamp else {
      throw InputFileError(
        .invalidValue,
        "must be after timestamp \(JSONWriter.text(of: timestamp)), got \(JSONWriter.text(of: endTimestamp))",
        path: [.key("endTimestamp")])
    }
    guard let offsetMeters else {
      throw InputFileError(
        .missingField, "a trackingInterrupted needs \"offsetMeters\"",
        path: [.key("offsetMeters")])
    }
    do {
      try RecordingValidation.requireFinite([offsetMeters.x, offsetMeters.y, offsetMeters.z])
    } catch let error as InputFileError {
      throw error.prefixed(.key("offsetMeters"))
    }
    if relocalizedTimestamp != nil, resetTimestamp != nil {
      throw InputFileError(
        .invalidValue,
        "a trackingInterrupted either relocalized or was reset, not both",
        path: [.key("resetTimestamp")])
    }
    for (key, value) in [
      ("relocalizedTimestamp", relocalizedTimestamp), ("resetTimestamp", resetTimestamp),
    ] {
      guard let value else { continue }
      try RecordingValidation.requireFinite(value, key)
      guard value >= endTimestamp else {
        throw InputFileError(
          .invalidValue,
          "must not be before endTimestamp \(JSONWriter.text(of: endTimestamp)), got \(JSONWriter.text(of: value))",
          path: [.key(key)])
      }
    }
  }
}
