"""Board images: golden images, alt texts, sizes and what an image may show."""
