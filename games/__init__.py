"""Pure, deterministic game engines for Dealer: no Discord, no asyncio, no clock, no I/O."""
