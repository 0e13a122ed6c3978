/** Share links of DIMO's login in vehicle-manager mode: building, reading back, checking and explaining them. */
export * from "./link";
export * from "./permissions";
export * from "./preview";
export * from "./landing";
export * from "./saved";
export * from "./form";
export * from "./history";
