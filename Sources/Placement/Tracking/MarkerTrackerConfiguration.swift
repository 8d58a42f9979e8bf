/// Parameters of `MarkerTracker`. Distances are metres in world space, times seconds.
///
/// Defaults suit buttons a few centimetres apart measured with millimetre-scale noise at 30 Hz.
/// Each property has a row in ``settings`` (name, unit, valid values), which replay settings'
/// `tracker` object and the JSON Schema follow; a new property needs its row there.
public struct MarkerTrackerConfiguration: Sendable, Hashable, Codable {
  /// A measurement can be assigned to a marker only when it has the marker's label and lies within
  /// this distance of the marker's predicted position.
  public var associationGateMeters: Float = 0.012
  /// Consecutive hits that confirm a tentative marker (>= 1).
  public var confirmationHitCount: Int = 3
  /// An established marker without hits for longer than this is removed.
  public var maximumCoastSeconds: Double = 1.5
  /// Mutually consistent rejected measurements (k) that re-anchor an established marker (>= 1).
  public var reanchorMeasurementCount: Int = 2
  /// Rejected measurements within this distance of an unmatched established marker count as
  /// evidence against its position (candidates for re-anchoring) instead of starting a new marker.
  public var reanchorSearchRadiusMeters: Float = 0.15
  /// Rejected measurements are mutually consistent when each lies within this distance of their
  /// mean.
  public var reanchorConsistencyMeters: Float = 0.008
  /// Measurements with a lower confidence are ignored.
  public var minimumConfidence: Float = 0
  /// Time constant of the spread estimate.
  public var spreadTimeConstantSeconds: Double = 0.5
  /// Rigid-layout mode: all markers sit on one rigid object, so a jump seen consistently by
  /// several markers is estimated once (a shared translation) and applied to every marker at once;
  /// markers keep their identities and relative layout.
  public var rigidLayout: Bool = false
  /// In rigid-layout mode, the number of measurements that must agree on a shared jump (>= 1).
  public var rigidMinimumSupport: Int = 3

  /// The default configuration.
  public init() {}

  /// Checks that every value is usable: each setting's value lies in its domain (``settings``:
  /// finite; positive where a size, time constant or count).
  ///
  /// - Throws: `ParameterError` naming the first member that is not, in declaration order.
  public func validate() throws(ParameterError) {
    for setting in Self.settings {
      let value = setting.value(in: self)
      guard setting.accepts(value) else {
        throw ParameterError(
          parameter: setting.name, value: setting.text(of: value),
          requirement: setting.requirement(refusing: value))
      }
    }
  }

  /// Whether `validate()` accepts every value.
  public var isValid: Bool { (try? validate()) != nil }
}
