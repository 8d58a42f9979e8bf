extension MarkerTracker {
  /// Moves the marker with id `id` to `position` (world metres), as an app moves a marker
  /// attached to an anchor that tracking has updated: its filter restarts at `position` at the
  /// time of its last sample (as re-anchoring restarts it), and its id, label, state, hit counts
  /// and age are kept; collected re-anchoring evidence is dropped (it was measured against the
  /// old position). Returns `false`, changing nothing, when no marker has `id` or `position` is
  /// not finite.
  @discardableResult
  public mutating func moveMarker(id: Int, to position: SIMD3<Float>) -> Bool {
    guard position.isFinite, let index = tracks.firstIndex(where: { $0.id == id }),
      let current = tracks[index].filter.position
    else { return false }
    guard current != position else { return true }
    let time = tracks[index].filter.lastTimestampSeconds ?? tracks[index].lastHitSeconds
    tracks[index].filter.reset(to: position, timestampSeconds: time)
    tracks[index].evidence.clear()
    return true
  }
}
