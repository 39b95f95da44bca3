// The drivers (one per contract) are what the algorithm tests are written against.
global using Blake2Fast.Tests.Drivers;
