//! `toolc fmt`: canonical formatting of `.tool` source, comments kept.
