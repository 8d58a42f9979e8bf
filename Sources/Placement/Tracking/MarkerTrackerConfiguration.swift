/// Parameters of `MarkerTracker`. Distances are metres in world space, times seconds.
///
/// Defaults suit buttons a few centimetres apart measured with millimetre-scale noise at 30 Hz.
/// Frames given a `DetectorView` gate each measurement by its expected error
/// (`measurementError`, `associationGateChiSquare`); frames without one use the fixed
/// `associationGateMeters`.
///
/// Each property has a row in ``settings`` (name, unit, valid values; the members of
/// `measurementError` as `measurementError.<member>`), which `validate()`, replay settings'
/// `tracker` object and the JSON Schema follow; a new property needs its row there.
public struct MarkerTrackerConfiguration: Sendable, Hashable, Codable {
  /// Without a view: a measurement can be assigned to a marker only when it has the marker's
  /// label and lies within this distance of the marker's predicted position. Also the distance
  /// within which a measurement counts as a duplicate of a shown marker, and the rigid-layout
  /// gate.
  public var associationGateMeters: Float = 0.012
  /// Consecutive hits that confirm a tentative marker (>= 1).
  public var confirmationHitCount: Int = 3
  /// An established marker missed for longer than this is removed. With a view, only frames in
  /// which it should have been detected count (see `MarkerTracker`); without one, the time since
  /// its last hit.
  public var maximumCoastSeconds: Double = 1.5
  /// Mutually consistent rejected measurements (k) that re-anchor an established marker (>= 1).
  public var reanchorMeasurementCount: Int = 2
  /// Rejected measurements within this distance of an unmatched established marker count as
  /// evidence against its position (candidates for re-anchoring) instead of starting a new marker.
  public var reanchorSearchRadiusMeters: Float = 0.15
  /// Rejected measurements are mutually consistent when each lies within this distance of their
  /// mean (with a view: or within the 99 % chi-square bound of its own expected error, whichever
  /// is larger).
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

  /// With a view: the expected error of each measurement.
  public var measurementError = MeasurementErrorModel()
  /// With a view: a measurement can be assigned to a marker with its label when the squared
  /// Mahalanobis distance of the residual under (expected error + marker uncertainty) is at most
  /// this (dimensionless; default 16.27, the 99.9 % quantile of chi-square with 3 degrees of
  /// freedom).
  public var associationGateChiSquare: Double = 16.266_236_2
  /// With a view: the uncertainty of a marker's estimate added to each measurement's expected
  /// error for gating, metres (standard deviation per axis, >= 0).
  public var markerPositionStdMeters: Double = 0.003
  /// With a view: the gate never reaches beyond this distance, however large the expected error
  /// (so a steep view cannot take a neighbour's measurement), metres (> 0).
  public var maximumAssociationDistanceMeters: Float = 0.06
  /// With a view: a marker should have been detected when it projects inside the detected part
  /// of the image shrunk by this fraction of its size on every side (0..<0.5).
  public var detectionMarginFraction: Double = 0.05
  /// With a view: ... and when the view is at most this many degrees from its surface's normal
  /// (markers without a known normal pass), degrees (0...90).
  public var maximumDetectionIncidenceDegrees: Double = 80
  /// With a view: ... and when it is at most this far from the camera, metres (`nil`: any
  /// distance).
  public var maximumDetectionDistanceMeters: Double?
  /// With a view: each missed frame in which a marker should have been detected ages it by the
  /// time since the previous frame, but by at most this (so a pause of the detector does not age
  /// markers), seconds (> 0).
  public var maximumAgingStepSeconds: Double = 0.1
  /// With a view: a marker not hit for longer than this is predicted where it is (its filter's
  /// velocity, if any, is not extrapolated and is forgotten at its next hit): an object that
  /// comes back into view is looked for where its marker was anchored, seconds (>= 0).
  public var maximumPredictionSeconds: Double = 0.25
  /// With a view: an established marker without hits for longer than this is removed even when
  /// it was never expected to be seen (`nil`, the default: out of view it stays, like an ARKit
  /// anchor), seconds.
  public var maximumUnobservedSeconds: Double?

  /// The default configuration.
  public init() {}

  /// Checks that every value is usable: each setting's value lies in its domain (``settings``:
  /// finite; positive where a size, time constant or count; within its range where it has one).
  ///
  /// - Throws: `ParameterError` naming the first member that is not, in declaration order
  ///   (`measurementError.latencySeconds` for a member of the error model).
  public func validate() throws(ParameterError) {
    try validate(Self.settings)
  }

  /// Checks the values of `settings` (rows of ``settings``), in their order.
  func validate(_ settings: [TrackerSetting]) throws(ParameterError) {
    for setting in settings {
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
