// The profile feature's face: what other features use of it (they import nothing else of it).
export { HomeEditor, HomeFields, homeSummary } from './HomePlace';
export { LocationPinEditor, PinButton, PinMissingNotice, type PinReading, setPinFields } from './LocationPin';
export { Avatar } from './ProfileDetails';
export { Reliability } from './Reliability';
export { homeProblem, setHomeFields } from './home';
export { LanguagesField, SpokenLanguages } from './languages';
export { type ChefSearchArgs, chefSearchApi } from './profilesApi';
