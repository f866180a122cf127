"""Turn-log reports: a round-by-round document (state snapshot, then events) as HTML, Markdown and PDF."""
