"""What people can do, by flow: `lobby` (open, join, start, challenges, practice, cancel),
`play` (moves and the 1-on-1), `host` (host controls and the record), `seasons`, and `help`
(/help and the games' rules, paged). Each action checks who is asking (`common.Gate`), calls
the service, answers within Discord's 3 seconds, and then has the outcome delivered. Each
flow is handed the parts it uses."""
