"""rq jobs and processes that keep games moving without a browser (design.md, "The workers").

`relay` turns each bucket's outbox into jobs, `jobs` holds the job functions (notifications,
deadlines, reminders, inbound replies), `mail` composes and delivers email exactly once,
`inbound` is the SMTP listener for replies, and `cli` runs it all as `castillo worker`.
"""
