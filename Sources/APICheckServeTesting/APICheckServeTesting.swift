// The server's own types (`ReplayServer`, `ServeJournal` and its entries, `ServeError`) come with this product: a UI
// test names them without a module it cannot link.
@_exported import APICheckServe
