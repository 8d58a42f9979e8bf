// Replay is a client of the simulated session: `import SceneReplay` also gives the session, its
// frame source (`ReplaySource`) and the harness metrics (`ReplayMetrics`), which replay reports.
@_exported import SessionSimulation
