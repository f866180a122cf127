"""Manifests gmtool refuses (issue 32): each module fails when imported, as a plug-in's would."""
