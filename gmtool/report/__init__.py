"""The turn log as a document: rounds, state snapshots and events rendered to HTML and Markdown."""
